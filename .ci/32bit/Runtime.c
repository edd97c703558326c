// What the Swift runtime gives `Double(_: String)` on Linux, Android and
// Windows (`_swift_stdlib_strtod_clocale`, in the runtime's Stubs.cpp), which
// the Embedded Swift standard library leaves to the platform: the C
// library's strtod, in the C locale (this program never sets another). The
// parser reaches it only for numbers its fast path does not take.
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    *result = strtod(text, &end);
    return end;
}
