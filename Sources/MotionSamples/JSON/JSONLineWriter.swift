/// Writes a value as ``JSONLine`` does, byte for byte, without Foundation's encoder: an `Encoder` that collects the
/// value's members, then writes them with every object's keys sorted.
///
/// Returns `nil` for what only `JSONEncoder` handles (see ``JSONLine``), which ``JSONLine/encode(_:)`` then hands
/// to it.
enum JSONLineWriter {
    /// `value`'s JSON line as UTF-8, or `nil` when it needs `JSONEncoder`.
    static func bytes(of value: some Encodable) -> [UInt8]? {
        let document = JSONLineDocument()
        let root = JSONLineEncoder.box(value, in: document, under: nil)
        guard !document.needsFoundation else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(document.bytes.count + 64)
        guard document.write(root, depth: 0, to: &output) else { return nil }
        return output
    }
}
