// aubio: the fundamental frequency of voice clips (its YIN detector), for the
// studio's tone check.
#include <aubio/aubio.h>
