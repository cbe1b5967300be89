// OwnedMemory holds the project's manual memory management in a few named types, the way
// swift-nio keeps its unsafe code in ByteBuffer: state that one thread owns at a time, values
// kept per thread, the growable byte buffer, and the word-at-a-time byte scan. Every other
// module reaches raw memory through these types or, for OpenSSL, through CryptoBackend's
// boundary. It sits at the bottom of the module graph and depends on nothing.
