/// Command-line arguments made ready for ArgumentParser.
public enum CommandLineValues {
    /// The arguments with a negative number after an option joined to it (`--bots -1` becomes
    /// `--bots=-1`): ArgumentParser would take `-1` for an option and answer "Missing value", when
    /// the number should be checked like any other value and refused with its range.
    public static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return result + arguments[index...] }
            if argument.hasPrefix("--"), argument.count > 2, !argument.contains("="),
               index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]) {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
            } else {
                result.append(argument)
                index += 1
            }
        }
        return result
    }

    /// Whether `word` is a number with a minus sign (`-1`, `-0.5`).
    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
