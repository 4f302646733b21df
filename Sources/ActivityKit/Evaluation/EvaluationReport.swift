import FoundationEssentials
import MotionRecording
import MotionSamples

/// Accuracy, macro-F1, per-class precision/recall and the confusion matrix, printable for people or as one JSON line.
public struct EvaluationReport: Codable, Sendable {
    /// Per-activity metrics.
    public struct ClassMetrics: Codable, Sendable {
        /// Activity name.
        public let name: String
        /// Precision of the activity.
        public let precision: Double
        /// Recall of the activity.
        public let recall: Double
        /// F1 score of the activity.
        public let f1: Double
        /// Number of windows truly of the activity.
        public let support: Int
    }

    /// How the numbers were obtained: `"cross-validation"` or `"evaluation"`.
    public let mode: String
    /// Number of folds in cross-validation, or nil.
    public let folds: Int?
    /// The windows the data was cut into.
    public let windows: WindowConfiguration
    /// Fraction of windows classified correctly.
    public let accuracy: Double
    /// Unweighted mean of the per-class F1 scores.
    public let macroF1: Double
    /// Per-class metrics, in ``classNames`` order.
    public let classes: [ClassMetrics]
    /// Activity names; rows and columns of ``confusion``.
    public let classNames: [String]
    /// `confusion[truth][prediction]` window counts.
    public let confusion: [[Int]]
    /// Activities of the evaluated sessions the model does not know, left out of every figure; absent when none.
    public let unshared: [UnsharedActivity]?

    /// Builds the report from a confusion matrix and the activities left out of it.
    public init(
        confusion matrix: ConfusionMatrix, windows: WindowConfiguration, mode: String, folds: Int? = nil,
        unshared: [UnsharedActivity] = []
    ) {
        self.mode = mode
        self.folds = folds
        self.unshared = unshared.isEmpty ? nil : unshared
        self.windows = windows
        accuracy = matrix.accuracy
        macroF1 = matrix.macroF1
        classes = matrix.classNames.indices.map {
            ClassMetrics(
                name: matrix.classNames[$0], precision: matrix.precision($0), recall: matrix.recall($0),
                f1: matrix.f1($0), support: matrix.support($0))
        }
        classNames = matrix.classNames
        confusion = matrix.counts
    }

    /// The report as one line of JSON (``JSONLine``: sorted snake_case keys, `macro_f1`, `class_names`).
    public func jsonLine() throws(ActivityError) -> String {
        do {
            return try JSONLine.encode(self)
        } catch {
            throw .insufficientData(
                "the report holds numbers that are not finite (no window of some activity); nothing to write as JSON"
            )
        }
    }

    /// The report as a human-readable table.
    public func text() -> String {
        let foldText = folds.map { ", \($0)-fold subject-disjoint" } ?? ""
        // The first column fits the longest class name (an older model's walking_downstairs), so columns stay aligned.
        let nameWidth = max(12, (classNames.map(\.count).max() ?? 0) + 2)
        var lines = [
            "\(mode)\(foldText), \(windows.summary)",
            "accuracy \(Self.percent(accuracy))   macro-F1 \(Self.percent(macroF1))",
            "",
            Self.pad("activity", nameWidth) + Self.pad("precision", 11) + Self.pad("recall", 9)
                + Self.pad("F1", 9) + "windows",
        ]
        for metrics in classes {
            lines.append(
                Self.pad(metrics.name, nameWidth) + Self.pad(Self.percent(metrics.precision), 11)
                    + Self.pad(Self.percent(metrics.recall), 9)
                    + Self.pad(Self.percent(metrics.f1), 9) + "\(metrics.support)"
            )
        }
        lines.append("")
        lines.append("confusion (rows: truth, columns: prediction)")
        let width = max(7, (classNames.map(\.count).max() ?? 0) + 1)
        lines.append(
            Self.pad("", nameWidth)
                + classNames.map { Self.padLeft(String($0.prefix(width - 1)), width) }.joined())
        for (index, row) in confusion.enumerated() {
            lines.append(
                Self.pad(classNames[index], nameWidth) + row.map { Self.padLeft("\($0)", width) }.joined())
        }
        if let unshared {
            lines.append("")
            lines.append(
                "not evaluated, activities the model does not know: "
                    + unshared.map { "\($0.name) (\($0.sessions) sessions, \($0.windows) windows)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    private static func percent(_ value: Double) -> String {
        DecimalText.string(value * 100, decimals: 2) + " %"
    }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    private static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
