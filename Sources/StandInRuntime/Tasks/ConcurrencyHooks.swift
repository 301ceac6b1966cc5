#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The Swift runtime's enqueue hooks, set once per process, that bring the glue's tasks under the
/// harness: a task the glue starts while the harness drives it (`Task {}`, `Task.detached`) goes to
/// the driving app's executor instead of the global pool, and the main actor, seen from a thread the
/// harness drives, is that executor too.
///
/// The hooks are the runtime's documented-in-source test seam (`swift_task_enqueueGlobal_hook`,
/// `swift_task_getMainExecutor_hook`), the same one the "main serial executor" test helpers use.
/// They act only on a thread that is driving an app (``AppTaskExecutor/drive(_:)``); every other
/// thread, including other tests running in parallel, goes on to whatever was installed before.
@available(macOS 15.0, iOS 18.0, *)
enum ConcurrencyHooks {
    private typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
    private typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
    private typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
    private typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

    /// The hooks that were there before ours, called for threads no app is driving.
    nonisolated(unsafe) private static var previousEnqueue: EnqueueHook?
    nonisolated(unsafe) private static var previousMain: MainHook?

    /// Whether the runtime offered both hooks; without them, tasks the glue detaches and the main
    /// actor stay outside the harness (reported as escapes, never run on the wall clock's time).
    static let installed: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW),
            let enqueue = dlsym(handle, "swift_task_enqueueGlobal_hook"),
            let main = dlsym(handle, "swift_task_getMainExecutor_hook")
        else { return false }
        let enqueueSlot = enqueue.assumingMemoryBound(to: EnqueueHook?.self)
        let mainSlot = main.assumingMemoryBound(to: MainHook?.self)
        previousEnqueue = enqueueSlot.pointee
        previousMain = mainSlot.pointee
        enqueueSlot.pointee = { job, original in
            if let executor = AppTaskExecutor.driving {
                executor.enqueue(job)
            } else if let previous = ConcurrencyHooks.previousEnqueue {
                previous(job, original)
            } else {
                original(job)
            }
        }
        mainSlot.pointee = { original in
            if let executor = AppTaskExecutor.driving { return executor.asUnownedSerialExecutor() }
            if let previous = ConcurrencyHooks.previousMain { return previous(original) }
            return original()
        }
        return true
    }()
}
