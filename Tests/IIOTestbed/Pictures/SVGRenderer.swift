import Foundation

/// librsvg's `rsvg-convert` (Debian's librsvg2-bin), the real renderer the picture tests draw every SVG with.
public enum SVGRenderer {
    /// The renderer, or nil when librsvg2-bin is not installed (`make deps` installs it).
    public static let executable = PackageLocations.executableOnPath("rsvg-convert")

    /// What rendering an SVG gave: the PNG's size in pixels and bytes, and the bytes of a blank picture of that size.
    public struct Rendering: Sendable {
        /// The PNG's width and height, read from its IHDR chunk.
        public let width: Int, height: Int
        /// The PNG's size in bytes.
        public let bytes: Int
        /// The size of a white picture of the same size rendered the same way: a drawing compresses far worse.
        public let blankBytes: Int
        /// rsvg-convert's complaints.
        public let standardError: String
    }

    /// Why a picture could not be rendered.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Renders the SVG file at `svg` to `png`; throws ``Failure`` when the renderer is missing or fails.
    public static func render(_ svg: URL, to png: URL) throws -> Rendering {
        guard let executable else { throw Failure("rsvg-convert (apt-get install librsvg2-bin)") }
        let result = try Testbed.runOutsidePreload(
            executable: executable.path, arguments: ["--format=png", "--output", png.path, svg.path])
        guard result.status == 0 else { throw Failure("rsvg-convert failed on \(svg.path): \(result.standardError)") }
        let data = try Data(contentsOf: png)
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure("rsvg-convert wrote no PNG for \(svg.path)")
        }
        let bytes = [UInt8](data)
        func integer(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (integer(at: 16), integer(at: 20))
        let blank = svg.deletingLastPathComponent().appendingPathComponent("blank-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: blank) }
        try Data(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/></svg>"
                .utf8
        ).write(to: blank)
        let blankPNG = blank.appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: blankPNG) }
        let blankResult = try Testbed.runOutsidePreload(
            executable: executable.path, arguments: ["--format=png", "--output", blankPNG.path, blank.path])
        let blankBytes = blankResult.status == 0 ? ((try? Data(contentsOf: blankPNG).count) ?? 0) : 0
        return Rendering(width: width, height: height, bytes: bytes.count, blankBytes: blankBytes, standardError: result.standardError)
    }
}
