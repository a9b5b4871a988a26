import Testing
@testable import PartyWeb

/// The 503 page a browser gets from a host with too many connections (BusyPage): its policy allows
/// exactly its own inline style and script, by hash.
@Suite("The busy page")
struct BusyPageTests {
    @Test("base64 as RFC 4648 has it", arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")])
    func base64(_ text: String, _ expected: String) {
        #expect(BusyPage.base64(Array(text.utf8)) == expected)
    }

    @Test("a CSP hash is base64 of SHA-256 (the empty text's is well known)")
    func hash() {
        #expect(BusyPage.hash("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    @Test("the page's style and script are those its policy names, and it loads itself again")
    func page() {
        #expect(BusyPage.html.contains("<style>\(BusyPage.style)</style>"))
        #expect(BusyPage.html.contains("<script>\(BusyPage.script)</script>"))
        #expect(BusyPage.contentSecurityPolicy.contains("'sha256-\(BusyPage.hash(BusyPage.style))'"))
        #expect(BusyPage.contentSecurityPolicy.contains("'sha256-\(BusyPage.hash(BusyPage.script))'"))
        #expect(BusyPage.script.contains("location.reload()") && BusyPage.script.contains("fetch(location.href"))
        #expect(!BusyPage.html.contains("src=") && !BusyPage.html.contains("href="))
    }
}
