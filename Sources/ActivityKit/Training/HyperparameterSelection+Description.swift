import MotionRecording

extension HyperparameterSelection {
    /// The choice in words with its inner score, and the best-scoring candidate's where the choice is a cheaper one
    /// within that candidate's standard error (the one-standard-error rule of ``HyperparameterSearch/choice(among:)``).
    public var choiceDescription: String {
        let chosenScore = candidates?.first { $0.parameters == chosen }
        var line = "chose \(Self.name(chosen))" + (chosenScore.map { " (\(Self.score($0)))" } ?? "")
        if let best = candidates?.max(by: { $0.macroF1 < $1.macroF1 }), best.parameters != chosen {
            line +=
                "; the best, \(Self.name(best.parameters)) (\(Self.score(best))), is not better by more than its "
                + "standard error"
        }
        return line
    }

    /// `parameters` as a user reads them.
    private static func name(_ parameters: TunedParameters) -> String {
        "\(parameters.rounds) rounds, learning rate \(parameters.learningRate), depth \(parameters.maximumDepth)"
    }

    /// A candidate's inner macro-F1, with its standard error where it was recorded.
    private static func score(_ candidate: CandidateScore) -> String {
        let error = candidate.macroF1StandardError.map { " ± " + DecimalText.string($0, decimals: 4) } ?? ""
        return "inner macro-F1 " + DecimalText.string(candidate.macroF1, decimals: 4) + error
    }
}
