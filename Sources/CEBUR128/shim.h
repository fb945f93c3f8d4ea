// libebur128: EBU R 128 loudness and true peak of the rendered announcement.
#include <ebur128.h>
