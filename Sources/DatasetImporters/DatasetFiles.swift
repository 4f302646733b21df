import ActivityKit
import MotionRecording

/// The dataset files the tools read directly, without an import (``SessionLoader``'s `fileFormats`).
public enum DatasetFiles {
    /// Every dataset file format imu-bridge reads directly: MotionSense device-motion CSV files.
    public static let formats: [any SessionFileFormat] = [MotionSenseFileFormat()]
}
