/// A three-axis vector in the device frame: x right, y up the screen or board, z out of it.
public struct Vector3: Hashable, Sendable, Codable {
    /// Component along the device's x axis.
    public var x: Double
    /// Component along the device's y axis.
    public var y: Double
    /// Component along the device's z axis.
    public var z: Double

    /// Creates a vector from its three components.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// Euclidean length.
    @inlinable
    public var norm: Double { (x * x + y * y + z * z).squareRoot() }

    /// Dot product with `other`.
    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// Cross product `self × other`.
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    /// Negation.
    @inlinable
    public static prefix func - (v: Vector3) -> Vector3 { Vector3(x: -v.x, y: -v.y, z: -v.z) }

    /// Scaling by a scalar.
    @inlinable
    public static func * (lhs: Vector3, rhs: Double) -> Vector3 {
        Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }

    /// Scaling by a scalar.
    @inlinable
    public static func * (lhs: Double, rhs: Vector3) -> Vector3 { rhs * lhs }

    /// Division by a scalar.
    @inlinable
    public static func / (lhs: Vector3, rhs: Double) -> Vector3 {
        Vector3(x: lhs.x / rhs, y: lhs.y / rhs, z: lhs.z / rhs)
    }

    /// In-place component-wise sum.
    @inlinable
    public static func += (lhs: inout Vector3, rhs: Vector3) { lhs = lhs + rhs }

    /// In-place component-wise difference.
    @inlinable
    public static func -= (lhs: inout Vector3, rhs: Vector3) { lhs = lhs - rhs }
}
