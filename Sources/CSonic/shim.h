// libsonic: pitch-preserving speed-up of speech. Debian ships no pkg-config
// file for it, so the module map links it by name.
#include <sonic.h>
