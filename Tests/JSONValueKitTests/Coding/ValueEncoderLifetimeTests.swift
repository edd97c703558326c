import Testing

@testable import JSONValueKit

/// Holds an object without keeping it alive.
private final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
}

private struct Failure: Error {}

/// Encodes a member through a super encoder, a nested container and a
/// keyed container of a child, then throws: what it encoded is left
/// unresolved.
private struct FailingAfterSuperEncoder: Encodable {
    enum Keys: String, CodingKey { case first, second, nested }
    let encoders: [WeakReference]
    let throwsAt: Int

    func encode(to encoder: any Encoder) throws {
        encoders[0].object = encoder as AnyObject
        var container = encoder.container(keyedBy: Keys.self)
        let superEncoder = container.superEncoder(forKey: .first)
        encoders[1].object = superEncoder as AnyObject
        var superContainer = superEncoder.container(keyedBy: Keys.self)
        try superContainer.encode(1, forKey: .first)
        var nested = container.nestedUnkeyedContainer(forKey: .nested)
        try nested.encode("a")
        if throwsAt == 0 { throw Failure() }
        try container.encode(Child(throws: throwsAt == 1), forKey: .second)
    }

    struct Child: Encodable {
        let `throws`: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(2, forKey: .first)
            if self.throws { throw Failure() }
        }
    }
}

private struct Wrapper<Inner: Encodable>: Encodable {
    let inner: Inner
}

/// A super encoder with a super encoder of its own, then perhaps a throw.
private struct SuperInSuper: Encodable {
    let encoders: [WeakReference]
    let throwsAtEnd: Bool

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FailingAfterSuperEncoder.Keys.self)
        let outer = container.superEncoder()
        encoders[0].object = outer as AnyObject
        var outerContainer = outer.container(keyedBy: FailingAfterSuperEncoder.Keys.self)
        let inner = outerContainer.superEncoder()
        encoders[1].object = inner as AnyObject
        var innerContainer = inner.singleValueContainer()
        try innerContainer.encode(3)
        if throwsAtEnd { throw Failure() }
    }
}

@Suite("JSONValueEncoder: what a failed encode leaves")
struct ValueEncoderLifetimeTests {
    @Test(
        "an encode that throws after a super encoder frees its encoders, at the top and below it",
        arguments: [(false, 0), (false, 1), (true, 0), (true, 1)])
    func failedEncodeFreesEncoders(nestedInWrapper: Bool, throwsAt: Int) {
        let encoders = [WeakReference(), WeakReference()]
        let value = FailingAfterSuperEncoder(encoders: encoders, throwsAt: throwsAt)
        do {
            if nestedInWrapper {
                _ = try JSONValueEncoder().encode(Wrapper(inner: value))
            } else {
                _ = try JSONValueEncoder().encode(value)
            }
            Issue.record("the encode did not throw")
        } catch {
            #expect(error is Failure)
        }
        #expect(encoders[0].object == nil, "the value's encoder is still alive")
        #expect(encoders[1].object == nil, "the super encoder is still alive")
    }

    @Test(
        "a super encoder's own super encoder is freed, whether the encode succeeds or throws",
        arguments: [(false, false), (false, true), (true, false), (true, true)])
    func superEncoderInSuperEncoder(nestedInWrapper: Bool, throwsAtEnd: Bool) throws {
        let encoders = [WeakReference(), WeakReference()]
        let value = SuperInSuper(encoders: encoders, throwsAtEnd: throwsAtEnd)
        do {
            let json =
                nestedInWrapper
                ? try JSONValueEncoder().encode(Wrapper(inner: value))
                : try JSONValueEncoder().encode(value)
            let expected: JSONValue = ["super": ["super": 3]]
            #expect(json == (nestedInWrapper ? ["inner": expected] : expected))
            #expect(!throwsAtEnd)
        } catch {
            #expect(throwsAtEnd)
        }
        #expect(encoders[0].object == nil, "the outer super encoder is still alive")
        #expect(encoders[1].object == nil, "the inner super encoder is still alive")
    }

    @Test("the same value encodes when it does not throw, and its encoders are freed")
    func successfulEncodeFreesEncoders() throws {
        let encoders = [WeakReference(), WeakReference()]
        let value = FailingAfterSuperEncoder(encoders: encoders, throwsAt: 2)
        let json = try JSONValueEncoder().encode(Wrapper(inner: value))
        #expect(json == ["inner": ["first": ["first": 1], "nested": ["a"], "second": ["first": 2]]])
        #expect(encoders[0].object == nil)
        #expect(encoders[1].object == nil)
    }
}
