// libsndfile: every read and write of audio files.
#include <sndfile.h>
