/* concat: the practical floor for joining clips. Reads a plan, one
 * announcement per line: "OUTPUT CLIP CLIP ...". Loads each distinct clip once
 * into memory (16-bit samples, as libsndfile decodes them) and writes each
 * announcement as mono PCM16 with libsndfile (CAF when OUTPUT ends in .caf,
 * else WAV), the clips simply concatenated: no trimming, levelling, fades,
 * budget or loudness.
 * Usage: concat PLAN_FILE */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *path;
    short *samples;
    sf_count_t frames;
    int rate;
} Clip;

static Clip clips[256];
static int clip_count = 0;

static Clip *load(const char *path) {
    for (int i = 0; i < clip_count; i++)
        if (strcmp(clips[i].path, path) == 0) return &clips[i];
    if (clip_count == 256) { fprintf(stderr, "concat: too many clips\n"); exit(70); }
    SF_INFO info = {0};
    SNDFILE *file = sf_open(path, SFM_READ, &info);
    if (!file) { fprintf(stderr, "concat: %s: %s\n", path, sf_strerror(NULL)); exit(66); }
    if (info.channels != 1) { fprintf(stderr, "concat: %s is not mono\n", path); exit(65); }
    Clip *clip = &clips[clip_count++];
    clip->path = strdup(path);
    clip->samples = malloc(sizeof(short) * (size_t)info.frames);
    clip->frames = sf_readf_short(file, clip->samples, info.frames);
    clip->rate = info.samplerate;
    sf_close(file);
    return clip;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: concat PLAN_FILE\n"); return 64; }
    FILE *plan = fopen(argv[1], "r");
    if (!plan) { perror(argv[1]); return 66; }
    char *line = NULL;
    size_t capacity = 0;
    long written = 0;
    while (getline(&line, &capacity, plan) >= 0) {
        char *output = strtok(line, " \t\n");
        if (!output) continue;
        Clip *parts[128];
        int count = 0;
        for (char *path = strtok(NULL, " \t\n"); path && count < 128; path = strtok(NULL, " \t\n")) parts[count++] = load(path);
        if (count == 0) continue;
        size_t length = strlen(output);
        int container = length > 4 && strcmp(output + length - 4, ".caf") == 0 ? SF_FORMAT_CAF : SF_FORMAT_WAV;
        SF_INFO info = {.samplerate = parts[0]->rate, .channels = 1, .format = container | SF_FORMAT_PCM_16};
        SNDFILE *file = sf_open(output, SFM_WRITE, &info);
        if (!file) { fprintf(stderr, "concat: %s: %s\n", output, sf_strerror(NULL)); return 73; }
        for (int i = 0; i < count; i++) {
            if (sf_writef_short(file, parts[i]->samples, parts[i]->frames) != parts[i]->frames) {
                fprintf(stderr, "concat: %s: %s\n", output, sf_strerror(file));
                return 73;
            }
        }
        sf_close(file);
        written++;
    }
    free(line);
    fclose(plan);
    printf("%ld\n", written);
    return 0;
}
