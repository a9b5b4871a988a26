import PartyKit

/// Turns the raw bytes a terminal sends in raw mode into `Key`s.
///
/// A pure state machine: `feed(_:)` returns every key the bytes complete and keeps an unfinished
/// escape sequence or UTF-8 character for the next call. A lone Escape cannot be told apart from the
/// start of a sequence until no more bytes come, so the reader calls `flush()` after a short quiet
/// spell (about 50 ms) whenever `isWaiting` is true. Unknown sequences, bracketed-paste markers,
/// focus reports and invalid UTF-8 are dropped without producing keys.
public struct KeyDecoder: Hashable, Sendable {
    /// Bytes received but not yet decoded (an unfinished sequence or character).
    private var pending: [UInt8] = []
    /// Whether the last decoded byte was a carriage return, so that a following line feed (CR LF,
    /// as pasted text sends it) is one Enter, not two.
    private var afterCarriageReturn = false
    /// Whether the rest of an over-long escape sequence is still to be skipped.
    private var skippingSequence = false

    /// The longest escape sequence kept while waiting for its end; longer ones are dropped.
    static let maximumSequenceLength = 64

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for more input (the reader should `flush()` if none comes soon).
    public var isWaiting: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to anything pending) and returns the completed keys in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Declares that no more bytes are coming for now: a pending Escape becomes `.escape`, the bytes
    /// after it are decoded on their own, and an unfinished UTF-8 character is dropped.
    public mutating func flush() -> [Key] {
        decode(final: true)
    }

    /// Decodes as much of `pending` as possible; with `final`, nothing stays pending.
    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if skippingSequence {
                let byte = pending[index]
                if (0x20...0x3F).contains(byte) {
                    index += 1
                    continue
                }
                skippingSequence = false
                if (0x40...0x7E).contains(byte) {
                    index += 1
                    continue
                }
            }
            let step = Self.step(pending, from: index, final: final)
            if case let .abandoned(count) = step {
                index += count
                skippingSequence = true
                afterCarriageReturn = false
                continue
            }
            guard case let .consumed(count, key) = step else { break }
            index += count
            guard let key else {
                afterCarriageReturn = false
                continue
            }
            let isLineFeedAfterReturn = afterCarriageReturn && pending[index - count] == 0x0A
            afterCarriageReturn = count == 1 && pending[index - 1] == 0x0D
            if !isLineFeedAfterReturn { keys.append(key) }
        }
        pending.removeFirst(index)
        return keys
    }

    /// The result of decoding from one position.
    enum Step: Equatable {
        /// `count` bytes were used, producing `key` (nil: ignored bytes).
        case consumed(Int, Key?)
        /// More bytes are needed before anything can be said.
        case incomplete
        /// `count` bytes of an escape sequence too long to wait for were dropped; skip the rest of it.
        case abandoned(Int)
    }

    /// Decodes the key that starts at `bytes[start]`.
    static func step(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            let step = escapeStep(bytes, from: start)
            if step == .incomplete && final { return .consumed(1, .escape) }
            return step
        case 0x0D, 0x0A:
            return .consumed(1, .enter)
        case 0x7F, 0x08:
            return .consumed(1, .backspace)
        case 0x09:
            return .consumed(1, .tab)
        case 0x01...0x1A:
            return .consumed(1, .control(Character(Unicode.Scalar(byte - 1 + UInt8(ascii: "a")))))
        case 0x20...0x7E:
            return .consumed(1, .character(Character(Unicode.Scalar(byte))))
        case 0x80...0xFF:
            let step = utf8Step(bytes, from: start)
            if step == .incomplete && final { return .consumed(1, nil) }
            return step
        default:
            // NUL (Ctrl-Space) and Ctrl-\ ] ^ _ have no key of their own.
            return .consumed(1, nil)
        }
    }

    /// Decodes a UTF-8 character whose first byte is at `start`.
    static func utf8Step(_ bytes: [UInt8], from start: Int) -> Step {
        let length: Int
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .consumed(1, nil)
        }
        var end = start + 1
        while end < start + length {
            guard end < bytes.count else { return .incomplete }
            guard (0x80...0xBF).contains(bytes[end]) else { return .consumed(end - start, nil) }
            end += 1
        }
        guard let text = String(validating: bytes[start..<end], as: UTF8.self),
              let character = text.first, !character.isControlLike
        else { return .consumed(length, nil) }
        return .consumed(length, .character(character))
    }

    /// Decodes what follows an ESC at `start`.
    static func escapeStep(_ bytes: [UInt8], from start: Int) -> Step {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequenceStep(bytes, from: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            return .consumed(3, singleShiftKey(bytes[start + 2]))
        default:
            // ESC ESC, or Alt plus a key: the Escape stands alone and the next byte is its own key.
            return .consumed(1, .escape)
        }
    }

    /// The key of an SS3 sequence `ESC O <final>` (application cursor keys), if any.
    static func singleShiftKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return arrow(final, shift: false)
        }
    }

    /// Decodes a CSI sequence `ESC [ parameters intermediates final` starting at `start`.
    static func controlSequenceStep(_ bytes: [UInt8], from start: Int) -> Step {
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
            case 0x40...0x7E:
                let parameters = Array(bytes[(start + 2)..<index])
                return .consumed(index + 1 - start, controlSequenceKey(parameters: parameters, final: byte))
            default:
                // Not a valid sequence: drop what was read so far and decode this byte afresh.
                return .consumed(index - start, nil)
            }
        }
        // Unfinished: wait for the rest, unless it is already too long to be anything we know.
        return index - start > maximumSequenceLength ? .abandoned(index - start) : .incomplete
    }

    /// The key of a complete CSI sequence, if it is one we know.
    static func controlSequenceKey(parameters: [UInt8], final: UInt8) -> Key? {
        guard parameters.allSatisfy({ $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) }) else {
            return nil // private (`<`, `?`, `>`) or intermediate bytes: mouse, reports, and the like
        }
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            field.reduce(0) { value, digit in min(value * 10 + Int(digit - 0x30), 100_000) }
        }
        let first = numbers.first ?? 0
        // xterm modifiers: 1 + (1 Shift, 2 Alt, 4 Control, 8 Meta).
        let modifier = numbers.count > 1 ? max(numbers[1] - 1, 0) : 0
        switch final {
        case UInt8(ascii: "A")...UInt8(ascii: "D"):
            return arrow(final, shift: modifier & 1 != 0)
        case UInt8(ascii: "H"):
            return .home
        case UInt8(ascii: "F"):
            return .end
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil // Insert, function keys, bracketed paste markers 200~ and 201~
            }
        default:
            return nil
        }
    }

    /// The arrow for a final byte `A`...`D`.
    static func arrow(_ final: UInt8, shift: Bool) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .arrow(.up, shift: shift)
        case UInt8(ascii: "B"): return .arrow(.down, shift: shift)
        case UInt8(ascii: "C"): return .arrow(.right, shift: shift)
        case UInt8(ascii: "D"): return .arrow(.left, shift: shift)
        default: return nil
        }
    }
}
