/// A stack that the parser pushes the elements of the arrays and the members
/// of the objects it is reading onto, innermost last. When a container ends,
/// its elements are moved out (no retain/release pairs) into storage of
/// exactly the right size, instead of growing an array or a dictionary by
/// doubling.
struct _ValueStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// The element at `index`, counted from the bottom.
    @inline(__always)
    subscript(index: Int) -> Element {
        base[index]
    }

    /// A stack with the same elements and storage of its own.
    func copy() -> _ValueStack<Element> {
        var copy = _ValueStack(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// The top element, if any.
    @inline(__always)
    var last: Element? {
        count == 0 ? nil : base[count &- 1]
    }

    /// The top element, changed in place; the stack must not be empty.
    @inline(__always)
    var top: Element {
        get { base[count &- 1] }
        set { base[count &- 1] = newValue }
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    @discardableResult
    mutating func removeLast() -> Element {
        count &-= 1
        return (base + count).move()
    }

    private mutating func grow() {
        let newCapacity = capacity &* 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Moves the elements from `start` to the top into a new array.
    ///
    /// `reserveCapacity` and `append` specialize for `Element`;
    /// `Array(unsafeUninitializedCapacity:)` calls an unspecialized
    /// initializer that looks up generic metadata at run time, which cost 15%
    /// of parsing canada.json.
    ///
    /// One to four elements (pairs of coordinates, short lists of tags or
    /// ids) go into an array literal, which allocates its storage directly:
    /// `reserveCapacity` goes through the array's general growth path,
    /// about a hundred instructions an array more.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let first = base + start
        switch count &- start {
        case 1:
            count = start
            return [first.move()]
        case 2:
            count = start
            return [first.move(), (first + 1).move()]
        case 3:
            count = start
            return [first.move(), (first + 1).move(), (first + 2).move()]
        case 4:
            count = start
            return [first.move(), (first + 1).move(), (first + 2).move(), (first + 3).move()]
        default:
            break
        }
        var elements: [Element] = []
        elements.reserveCapacity(count &- start)
        popEach(from: start) { elements.append($0) }
        return elements
    }

    /// Moves the elements from `start` to the top out, one by one.
    @inline(__always)
    mutating func popEach(from start: Int, _ body: (consuming Element) -> Void) {
        let end = count
        count = start
        var index = start
        while index < end {
            body((base + index).move())
            index &+= 1
        }
    }
}
