#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a body on several threads at once and waits for all of them: plain
/// pthreads, so `--jobs N` means N threads, whatever a pool would choose.
enum WorkerThreads {
    /// Runs `body` on `count` threads, the calling thread being one of them,
    /// and returns when every run has returned. A thread the system refuses
    /// to start leaves its share to the others.
    static func run(count: Int, _ body: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 1..<max(1, count) {
            let context = Unmanaged.passRetained(Context(body)).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { context in
                let context = Unmanaged<Context>.fromOpaque(context!).takeRetainedValue()
                context.body()
                return nil
            }, context)
            if started == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Context>.fromOpaque(context).release()
            }
        }
        body()
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Context {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
