#pragma once
/// What happens when a call breaks the API's preconditions (a non-finite number, a non-positive
/// size, a stale handle, dt <= 0): the error handler runs, then the call throws
/// std::invalid_argument and leaves everything as it was.
///
/// The default handler depends on how the engine was built: with assertions on (no NDEBUG) it
/// prints the message and aborts, so a mistake stops the program where it happened; in release
/// builds it does nothing and the exception is the whole report. Install your own to log, to break
/// into a debugger, or to let debug builds throw too:
///
/// \code
/// oblique::setApiErrorHandler([](const char* message) { std::fprintf(stderr, "%s\n", message); });
/// \endcode

namespace oblique
{

/// Receives the one-line message, e.g. `createBody: shape.radius must be > 0 and at most 1e18`.
using ApiErrorHandler = void (*)(const char* message);

/// Replaces the handler for every thread; nullptr restores the default. Returns the previous one.
ApiErrorHandler setApiErrorHandler(ApiErrorHandler handler);

/// Runs the handler, then throws std::invalid_argument(message). For the engine's own checks.
[[noreturn]] void reportApiError(const char* message);

} // namespace oblique
