import CMS
import CryptoBackend
import DER
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TSA asked over HTTP (RFC 3161 3.4): a `TimeStampReq` POSTed as
/// `application/timestamp-query`, a `TimeStampResp` read back as `application/timestamp-reply`.
///
/// A minimal HTTP/1.1 client over a socket, `http://` only (no TLS: the token is signed, so the
/// channel needs no integrity of its own), one request a connection (`Connection: close`). Each
/// request is bounded: the connection, every send and every read wait at most the timeout, and
/// a response longer than ``maximumResponseSize`` is refused. The token returned must be for the
/// imprint and nonce asked; whether its TSA is trusted is for the verifier to say.
public struct HTTPTimeStampSource: TimeStampSource {
    /// The largest response read: a token with a certificate chain is a few kilobytes.
    public static let maximumResponseSize = 1 << 20

    public let host: String
    public let port: UInt16
    public let path: String
    public let timeoutSeconds: Int
    private let url: String

    /// Parses `url` (`http://HOST[:PORT][/PATH]`).
    public init(url: String, timeoutSeconds: Int = 30) throws(ToolError) {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http",
              let host = components.host, !host.isEmpty else {
            throw .usage("--tsa-url \(url): expected http://HOST[:PORT]/PATH (https is not supported: the token is signed)")
        }
        guard let port = UInt16(exactly: components.port ?? 80), port > 0 else {
            throw .usage("--tsa-url \(url): the port is not 1-65535")
        }
        self.url = url
        self.host = host
        self.port = port
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        self.path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
        self.timeoutSeconds = timeoutSeconds
    }

    public func token(imprint: [UInt8]) throws(ToolError) -> [UInt8] {
        var nonceBytes = SecureRandom.bytes(8)
        nonceBytes[0] &= 0x7F
        nonceBytes[0] |= 0x01
        let nonce = DERInteger(unsignedBigEndian: nonceBytes)
        let request = DER.encode(TimeStampReq(messageImprint: MessageImprint(hashedMessage: imprint), nonce: nonce))
        let body = try post(request)
        let response: TimeStampResp
        do {
            response = try TimeStampResp(derNode: DER.parse(body))
        } catch {
            throw .io(path: url, reason: "the answer is not a DER TimeStampResp: \(error)")
        }
        guard response.isGranted, let der = response.timeStampToken else {
            throw .io(path: url, reason: "the TSA refused the request (PKIStatus \(response.status)"
                      + (response.statusText.isEmpty ? "" : ": " + response.statusText.joined(separator: "; ")) + ")")
        }
        let token: TimeStampToken
        do {
            token = try TimeStampToken(der: der)
        } catch {
            throw .io(path: url, reason: "\(error)")
        }
        guard token.info.messageImprint.hashedMessage == imprint, token.info.messageImprint.isSHA256 else {
            throw .io(path: url, reason: "the TSA's token is for another message imprint")
        }
        guard token.info.nonce == nonce else {
            throw .io(path: url, reason: "the TSA's token does not carry the nonce asked for (RFC 3161 2.4.2)")
        }
        return der
    }

    // MARK: - HTTP

    private func post(_ body: [UInt8]) throws(ToolError) -> [UInt8] {
        let socket = try openConnection()
        defer { close(socket) }
        let head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/timestamp-query\r\n"
            + "Accept: application/timestamp-reply\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        try sendAll(socket, Array(head.utf8) + body)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw .io(path: url, reason: errno == EAGAIN || errno == EWOULDBLOCK
                          ? "no answer within \(timeoutSeconds) s" : "reading the answer: \(String(cString: strerror(errno)))")
            }
            received += buffer[..<count]
            guard received.count <= Self.maximumResponseSize + 16 * 1024 else {
                throw .io(path: url, reason: "the answer is longer than \(Self.maximumResponseSize) bytes")
            }
        }
        return try responseBody(received)
    }

    /// The body of an HTTP/1.x 200 answer of type application/timestamp-reply.
    private func responseBody(_ bytes: [UInt8]) throws(ToolError) -> [UInt8] {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw .io(path: url, reason: "the answer is not HTTP (no end of headers)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let status = lines.first?.split(separator: " ") ?? []
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), status[1] == "200" else {
            throw .io(path: url, reason: "the TSA answered \(lines.first ?? "nothing")")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["content-type"]?.lowercased().hasPrefix("application/timestamp-reply") == true else {
            throw .io(path: url, reason: "the answer's Content-Type is \(headers["content-type"] ?? "missing"), "
                      + "not application/timestamp-reply")
        }
        guard headers["transfer-encoding"] == nil else {
            throw .io(path: url, reason: "the answer uses a Transfer-Encoding; expected a plain body")
        }
        var body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"] {
            guard let count = Int(length), count >= 0, count <= body.count else {
                throw .io(path: url, reason: "the answer's Content-Length \(length) does not match its body")
            }
            body = Array(body.prefix(count))
        }
        guard body.count <= Self.maximumResponseSize else {
            throw .io(path: url, reason: "the answer is longer than \(Self.maximumResponseSize) bytes")
        }
        return body
    }

    private func openConnection() throws(ToolError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .io(path: url, reason: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else { lastError = String(cString: strerror(errno)); continue }
            var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            // On Linux the send timeout bounds connect too.
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            lastError = String(cString: strerror(errno))
            close(fd)
        }
        throw .io(path: url, reason: "cannot connect to \(host):\(port): \(lastError)")
    }

    private func sendAll(_ socket: Int32, _ bytes: [UInt8]) throws(ToolError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else {
                if sent < 0 && errno == EINTR { continue }
                throw .io(path: url, reason: "sending the request: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }
}
