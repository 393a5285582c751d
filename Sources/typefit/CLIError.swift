/// A command's error about its input (a file, an option's value, a name not found): one line
/// naming the input and the problem. `CLIMain` prints it as `typefit: error: MESSAGE` and exits
/// with status 2. A usage error, which should send the reader to `typefit help`, is
/// ArgumentParser's `ValidationError` instead.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
