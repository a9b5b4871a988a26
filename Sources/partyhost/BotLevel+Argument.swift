import ArgumentParser
import PartyKit

// `--bot-level easy|normal|perfect`; anything else gets ArgumentParser's error listing the levels.
extension BotLevel: ExpressibleByArgument {}
