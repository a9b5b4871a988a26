import Foundation

/// Pushes buffered standard output to the terminal or pipe now.
func fflushStandardOutput() {
    fflush(nil)
}
