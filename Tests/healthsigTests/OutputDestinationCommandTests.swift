import Foundation
import Testing

/// A command that writes a file named by an option, and how to recognise what it wrote.
struct WritingCommand: Sendable, CustomTestStringConvertible {
    let name: String
    /// The arguments, given the output path.
    let arguments: @Sendable (String) -> [String]
    /// Checks the bytes the command wrote; `nil` when they are right, else what is wrong.
    let check: @Sendable (Data) -> String?

    var testDescription: String { name }

    static let all: [WritingCommand] = [
        WritingCommand(name: "sign --out", arguments: { ["sign", "--key", "keys/device.key.pem", "--in", "readings.jsonl", "--out", $0] },
                       check: { data in
                           let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
                           return lines.count == 8 && lines.allSatisfy { $0.contains("\"HKDigitalSignature\"") } ? nil : "not 8 signed lines"
                       }),
        WritingCommand(name: "verify --out", arguments: { ["verify", "--trust", "keys/device.pub.pem", "--in", "signed.jsonl", "--out", $0] },
                       check: { data in String(decoding: data, as: UTF8.self).contains("valid") ? nil : "no report" }),
        WritingCommand(name: "cms sign --out", arguments: { ["cms", "sign", "--key", "keys/device.key.pem", "--in", "content.bin", "--out", $0] },
                       check: { data in data.first == 0x30 && data.count > 100 ? nil : "not a DER SignedData" }),
        WritingCommand(name: "cms verify --content-out", arguments: {
                           ["cms", "verify", "--trust", "keys/device.pub.pem", "--in", "content.der", "--content-out", $0]
                       },
                       check: { data in data == Data("the signed content\n".utf8) ? nil : "not the content" }),
    ]
}

@Suite("healthsig: outputs that are devices, FIFOs or directories")
struct OutputDestinationCommandTests {
    /// A device workspace with the inputs every writing command needs.
    private func workspace() throws -> DeviceWorkspace {
        let ws = try DeviceWorkspace()
        try ws.sign()
        try ws.directory.write("content.bin", "the signed content\n")
        let cms = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "content.der"])
        guard cms.status == 0 else { throw CLI.SetupError(description: "cms sign failed: \(cms)") }
        return ws
    }

    @Test("--out naming a character device (mknod 1,3) writes it in place: exit 0, still a device, nothing beside it",
          arguments: WritingCommand.all)
    func characterDeviceStaysADevice(command: WritingCommand) throws {
        let ws = try workspace()
        try ws.directory.makeCharacterDevice("null", MemoryDevice.null)
        let result = try ws.directory.healthsig(command.arguments("null"))
        #expect(result.status == 0, "\(result)")
        #expect(ws.directory.fileType("null") == S_IFCHR)
        #expect(try ws.directory.entries(startingWith: ".null") == [])
    }

    @Test("--out naming a FIFO: its reader receives the output, and it stays a FIFO", arguments: WritingCommand.all)
    func fifoReaderReceivesTheOutput(command: WritingCommand) throws {
        let ws = try workspace()
        try ws.directory.makeFIFO("pipe")
        let reader = FIFOReader(ws.directory.path("pipe"))
        let result = try ws.directory.healthsig(command.arguments("pipe"))
        #expect(result.status == 0, "\(result)")
        let problem = command.check(try reader.bytes())
        #expect(problem == nil, "\(problem ?? "")")
        #expect(ws.directory.fileType("pipe") == S_IFIFO)
    }

    @Test("--out naming a full device (mknod 1,7): exit 2 naming the path and ENOSPC; the device is not replaced",
          arguments: WritingCommand.all)
    func fullDeviceIsAnIOError(command: WritingCommand) throws {
        let ws = try workspace()
        try ws.directory.makeCharacterDevice("full", MemoryDevice.full)
        let result = try ws.directory.healthsig(command.arguments("full"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("healthsig: full: cannot write: No space left on device"), "\(result)")
        #expect(!result.stdout.contains("valid signer="), "\(result)")
        #expect(ws.directory.fileType("full") == S_IFCHR)
        #expect(try ws.directory.entries(startingWith: ".full") == [])
    }

    @Test("--out naming a directory is refused (exit 2) and the directory is left as it was", arguments: WritingCommand.all)
    func directoryIsRefused(command: WritingCommand) throws {
        let ws = try workspace()
        try FileManager.default.createDirectory(atPath: ws.directory.path("reports"), withIntermediateDirectories: false)
        let result = try ws.directory.healthsig(command.arguments("reports"))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("healthsig: reports: is a directory"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.directory.path("reports")) == [])
    }

    @Test("keygen writes into a directory: a device or a FIFO given instead is refused (exit 2)")
    func directoryOutputsRefuseDevicesAndFIFOs() throws {
        let dir = try TemporaryDirectory()
        try dir.makeCharacterDevice("null", MemoryDevice.null)
        try dir.makeFIFO("pipe")
        for name in ["null", "pipe"] {
            for arguments in [["keygen", "--out", name, "--name", "device"]] {
                let result = try dir.healthsig(arguments)
                #expect(result.status == 2, "\(arguments): \(result)")
                #expect(result.stderr.contains("\(name): ") && result.stderr.contains("exists and is not a directory"),
                        "\(arguments): \(result)")
            }
        }
        #expect(dir.fileType("null") == S_IFCHR)
        #expect(dir.fileType("pipe") == S_IFIFO)
    }

    @Test("keygen refuses a key file name that is a symbolic link, even one naming nothing yet")
    func keygenRefusesALinkInTheWay() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("keys"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.path("keys/device.key.pem"), withDestinationPath: dir.path("stolen.pem"))
        let result = try dir.healthsig(["keygen", "--out", "keys", "--name", "device"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("keys/device.key.pem: already exists; refusing to overwrite a key"), "\(result)")
        #expect(!dir.exists("stolen.pem"))
    }

    @Test("--out /dev/stdout writes the standard output the command was given, like -")
    func devStdoutIsStandardOutput() throws {
        let ws = try workspace()
        let sign = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "/dev/stdout"])
        #expect(sign.status == 0, "\(sign)")
        #expect(WritingCommand.all[0].check(sign.stdoutData) == nil, "\(sign)")
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--out", "/dev/stdout"])
        #expect(verify.status == 0 && verify.stdout.contains("summary: valid=8"), "\(verify)")
    }

    @Test("sign --out --force through a symbolic link replaces the file it names; the link stays a link")
    func signThroughALink() throws {
        let ws = try workspace()
        try ws.directory.write("real.jsonl", "old\n")
        try FileManager.default.createSymbolicLink(atPath: ws.directory.path("link.jsonl"), withDestinationPath: "real.jsonl")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "readings.jsonl", "--out", "link.jsonl", "--force"])
        #expect(result.status == 0, "\(result)")
        #expect(ws.directory.fileType("link.jsonl") == S_IFLNK)
        #expect(try ws.directory.text("real.jsonl").split(separator: "\n").count == 8)
    }
}
