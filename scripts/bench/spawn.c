/* spawn: runs a command N times, each a fresh process, and prints one line per
 * run: wall milliseconds and the child's peak RSS in KiB (from wait4).
 * A small C parent, so the child's RSS high-water mark is its own and not the
 * inherited one of a big parent (a forked Python would add its own ~14 MB).
 * Usage: spawn N command [args...]   (stdout of the command goes to /dev/null)
 *        spawn -f FILE                each line of FILE is a command (words split on
 *                                     blanks), run once each, in order */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Runs argv once; prints "ms rss_kib". Returns 0 on success. */
static int run_once(char **argv) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 71; }
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, 1);
        execvp(argv[0], argv);
        perror("exec");
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 71; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "spawn: %s failed with status %d\n", argv[0], WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return 70;
    }
    double ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    printf("%.3f %ld\n", ms, usage.ru_maxrss);
    return 0;
}

static int run_file(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); return 66; }
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, file) >= 0) {
        char *words[512];
        int count = 0;
        for (char *word = strtok(line, " \t\n"); word && count < 511; word = strtok(NULL, " \t\n")) words[count++] = word;
        if (count == 0) continue;
        words[count] = NULL;
        int status = run_once(words);
        if (status != 0) { free(line); fclose(file); return status; }
    }
    free(line);
    fclose(file);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "-f") == 0) return run_file(argv[2]);
    if (argc < 3) {
        fprintf(stderr, "usage: spawn N command [args...] | spawn -f FILE\n");
        return 64;
    }
    int runs = atoi(argv[1]);
    for (int i = 0; i < runs; i++) {
        int status = run_once(argv + 2);
        if (status != 0) return status;
    }
    return 0;
}
