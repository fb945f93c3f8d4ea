/* spawn: runs a command N times, each a fresh process, and prints one line per
 * run: wall milliseconds and the child's peak RSS in KiB (from wait4).
 * A small C parent, so the child's RSS high-water mark is its own and not the
 * inherited one of a big parent (a forked Python would add its own ~14 MB).
 * Usage: spawn N command [args...]   (stdout of the command goes to /dev/null) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: spawn N command [args...]\n");
        return 64;
    }
    int runs = atoi(argv[1]);
    for (int i = 0; i < runs; i++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 71; }
        if (pid == 0) {
            int devnull = open("/dev/null", O_WRONLY);
            if (devnull >= 0) dup2(devnull, 1);
            execvp(argv[2], argv + 2);
            perror("exec");
            _exit(127);
        }
        int status;
        struct rusage usage;
        if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 71; }
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "spawn: %s failed with status %d\n", argv[2], WIFEXITED(status) ? WEXITSTATUS(status) : -1);
            return 70;
        }
        double ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
        printf("%.3f %ld\n", ms, usage.ru_maxrss);
    }
    return 0;
}
