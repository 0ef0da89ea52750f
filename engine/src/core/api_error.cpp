#include "oblique/api_error.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace oblique
{

namespace
{

void defaultHandler(const char* message)
{
#ifndef NDEBUG
    std::fprintf(stderr, "oblique: %s\n", message);
    std::abort();
#else
    (void)message;
#endif
}

std::atomic<ApiErrorHandler> g_handler{&defaultHandler};

} // namespace

ApiErrorHandler setApiErrorHandler(ApiErrorHandler handler)
{
    return g_handler.exchange(handler != nullptr ? handler : &defaultHandler);
}

void reportApiError(const char* message)
{
    g_handler.load()(message);
    throw std::invalid_argument(message);
}

} // namespace oblique
