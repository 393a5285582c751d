import ArgumentParser

/// Every subcommand, one file each.
enum CommandRegistry {
    static let all: [any ParsableCommand.Type] = [
        InitCommand.self,
        AuditCommand.self,
        InspectCommand.self,
        MeasureCommand.self,
        ScaleCommand.self,
        LayoutCommand.self,
        ChecksCommand.self,
        ExplainCommand.self,
        BenchCommand.self,
        MergeCommand.self,
    ]
}
