// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/favicon.svg`.
    static let faviconSVG = #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f6fdb"/><g fill="#fff"><circle cx="9.5" cy="9.5" r="3.2"/><circle cx="16" cy="16" r="3.2"/><circle cx="22.5" cy="22.5" r="3.2"/></g></svg>

"""#
}
