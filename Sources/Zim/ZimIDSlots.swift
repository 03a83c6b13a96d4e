/// An open-addressing table that finds an id (a `UInt32` the caller hands out in order) by
/// what it stands for, kept by the caller: 4 bytes a slot, never more than half full. It
/// takes a fraction of what a `Dictionary` from the value to its id takes, and holds no
/// copy of the values.
struct ZimIDSlots {
    enum Lookup {
        case found(UInt32)
        /// Not there: the slot a new id for it goes in.
        case free(Int)
    }

    /// Each slot holds an id plus one, or 0 when free.
    private var slots = [UInt32](repeating: 0, count: 1024)
    private var count = 0

    /// The id among those of hash `hash` for which `matches` holds.
    func find(_ hash: Int, matches: (UInt32) -> Bool) -> Lookup {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if matches(slots[slot] - 1) { return .found(slots[slot] - 1) }
            slot = (slot + 1) & mask
        }
        return .free(slot)
    }

    /// Puts `id` in the slot `find` gave; `hash` gives every id's hash again when the table
    /// grows.
    mutating func insert(_ id: UInt32, at slot: Int, hash: (UInt32) -> Int) {
        slots[slot] = id + 1
        count += 1
        guard count * 2 > slots.count else { return }
        var grown = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for stored in slots where stored != 0 {
            var slot = hash(stored - 1) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = stored
        }
        slots = grown
    }

    /// Frees the slots: nothing more is looked up.
    mutating func removeAll() {
        slots = [0]
        count = 0
    }
}
