import Foundation
import PackagePlugin

/// Writes `GitRevision.swift` (`let gitRevision = "<12 hex digits>"`, or `"unknown"` outside a git checkout) before
/// every build of the target it is applied to. A prebuild command runs on every build, so a commit, checkout or
/// worktree switch is never missed; the file is rewritten only when the revision changed, so an unchanged revision
/// compiles nothing again. `git rev-parse` finds the repository itself, whether `.git` is a directory or a worktree's
/// `.git` file; without one (a tarball), or inside another project's repository, the revision is `unknown`.
@main
struct GitRevisionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let script = """
            revision=$(git -C "$1" -c safe.directory='*' rev-parse --short=12 HEAD 2>/dev/null) || revision=
            top=$(git -C "$1" -c safe.directory='*' rev-parse --show-toplevel 2>/dev/null)
            [ "$top" = "$(cd "$1" && pwd -P)" ] || revision=
            case "$revision" in '' | *[!0-9a-f]*) revision=unknown ;; esac
            mkdir -p "$2" || exit 1
            file="$2/GitRevision.swift"
            text="/// The git revision this build was made from (unknown outside a git checkout).
            let gitRevision = \\"$revision\\""
            [ -f "$file" ] && [ "$(cat "$file")" = "$text" ] && exit 0
            printf '%s\\n' "$text" > "$file"
            """
        return [
            .prebuildCommand(
                displayName: "Reading the git revision",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "git-revision", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
