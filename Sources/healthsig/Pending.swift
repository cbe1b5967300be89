import ArgumentParser
struct SignCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "sign") }
struct VerifyCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "verify") }
struct DemoCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "demo") }
struct VectorsCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "vectors") }
