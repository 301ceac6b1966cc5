/// Work waiting on the virtual clock, by due time then by the order it was scheduled.
protocol QueuedWork {
    /// When it is due; `nil` if it will never run.
    var due: Duration? { get }
    /// The order it was scheduled in: unique, increasing.
    var sequence: Int { get }
}

/// The clock's queue: insert, cancel and take the next due work each in logarithmic time or
/// better, so a scenario holding thousands of pending callbacks runs in time close to linear.
///
/// Entries live in a table by sequence number; a binary heap orders the dated ones. A cancelled
/// entry leaves the table at once and its heap slot is dropped when it reaches the top.
struct WorkQueue<Entry: QueuedWork> {
    private var entries: [Int: Entry] = [:]
    private var heap: [(due: Duration, sequence: Int)] = []

    /// Adds work.
    mutating func insert(_ entry: Entry) {
        entries[entry.sequence] = entry
        guard let due = entry.due else { return }
        heap.append((due, entry.sequence))
        siftUp(heap.count - 1)
    }

    /// Removes the work with this sequence number, if it is still waiting.
    mutating func remove(sequence: Int) -> Entry? { entries.removeValue(forKey: sequence) }

    /// Removes every entry the predicate matches and returns them, in the order they were scheduled.
    mutating func removeAll(where shouldRemove: (Entry) -> Bool) -> [Entry] {
        let removed = entries.values.filter(shouldRemove).sorted { $0.sequence < $1.sequence }
        for entry in removed { entries[entry.sequence] = nil }
        return removed
    }

    /// The earliest due time of work still waiting, if any work will run.
    mutating func nextDue() -> Duration? {
        dropCancelledTop()
        return heap.first?.due
    }

    /// Takes the first work due at or before `target`.
    mutating func popFirst(notAfter target: Duration) -> Entry? {
        dropCancelledTop()
        guard let top = heap.first, top.due <= target else { return nil }
        removeTop()
        return entries.removeValue(forKey: top.sequence)
    }

    /// Everything waiting, earliest first, then the work that will never run, each in the order
    /// it was scheduled.
    var inOrder: [Entry] {
        entries.values.sorted { lhs, rhs in
            switch (lhs.due, rhs.due) {
            case (let l?, let r?): l < r || (l == r && lhs.sequence < rhs.sequence)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): lhs.sequence < rhs.sequence
            }
        }
    }

    /// Whether nothing waits, counting work that will never run.
    var isEmpty: Bool { entries.isEmpty }

    private mutating func dropCancelledTop() {
        while let top = heap.first, entries[top.sequence] == nil { removeTop() }
    }

    private static func runsBefore(_ lhs: (due: Duration, sequence: Int), _ rhs: (due: Duration, sequence: Int)) -> Bool {
        lhs.due < rhs.due || (lhs.due == rhs.due && lhs.sequence < rhs.sequence)
    }

    private mutating func removeTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var first = parent
            if left < heap.count && Self.runsBefore(heap[left], heap[first]) { first = left }
            if right < heap.count && Self.runsBefore(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.runsBefore(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }
}
