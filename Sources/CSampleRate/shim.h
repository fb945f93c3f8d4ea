// libsamplerate (Secret Rabbit Code): resampling clips to the output rate.
#include <samplerate.h>
