// Linked into every test program: rejected API calls throw without the debug build's default
// handler aborting first, so the tests can check that bad calls are refused and change nothing.

#include "oblique/api_error.hpp"

namespace
{

void ignore(const char*) {}

const oblique::ApiErrorHandler g_previous = oblique::setApiErrorHandler(&ignore);

} // namespace
