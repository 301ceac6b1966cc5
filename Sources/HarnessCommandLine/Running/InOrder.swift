import Foundation
import StandInRuntime

/// Maps items on several threads at once and hands each result on in the items' order, as soon as
/// it and every result before it are known: a report reads as if the items ran one after another.
enum InOrder {
    /// `transform` of every item, `parallelism` at a time; `deliver` is called once per result, in
    /// order, never on two threads at once.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], parallelism: Int, _ transform: @escaping @Sendable (Item) -> Result, deliver: @escaping @Sendable (Result) -> Void
    ) -> [Result] {
        let state = Results<Result>(count: items.count)
        // Called from the main queue (a synchronous main-actor test), every item runs on the caller:
        // another thread's step would wait for a main queue the caller holds.
        let threads = MainQueue.isCurrent ? 1 : max(1, min(parallelism, items.count))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = state.claim() {
                state.store(transform(items[index]), at: index, deliver: deliver)
            }
        }
        return state.all
    }

    /// The results so far, the next item to claim and the next result to deliver.
    private final class Results<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result?]
        private var claimed = 0
        private var delivered = 0

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func claim() -> Int? {
            lock.withLock {
                guard claimed < results.count else { return nil }
                defer { claimed += 1 }
                return claimed
            }
        }

        func store(_ result: Result, at index: Int, deliver: (Result) -> Void) {
            lock.withLock {
                results[index] = result
                while delivered < results.count, let next = results[delivered] {
                    deliver(next)
                    delivered += 1
                }
            }
        }

        var all: [Result] { lock.withLock { results.compactMap { $0 } } }
    }
}
