import AdHarness
import AdRequestKit
import Dispatch
import Foundation

/// Work shared by the cores: each thread takes the next item no thread has taken yet, so a thread
/// whose items run long, or whose core other work shares, leaves the rest to the others instead of
/// keeping them waiting at the end; each result keeps its item's place, so what the caller merges
/// does not depend on which thread ran what.
enum EveryCore {
    /// `transform` of every item, on up to ``ProcessInfo/activeCores`` threads, in the items' order.
    static func map<Item: Sendable, Result>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        let results = Locked([Result?](repeating: nil, count: items.count))
        let nextItem = Locked(0)
        // Called from the main queue (a synchronous main-actor test), every item runs on the caller:
        // another thread's step would wait for a main queue the caller holds.
        let threads = MainQueue.isCurrent ? 1 : max(1, min(items.count, ProcessInfo.activeCores))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let index = nextItem.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < items.count else { return }
                let result = transform(items[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.snapshot.map { $0! }
    }
}

extension ProcessInfo {
    /// The cores this process may use.
    static var activeCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
