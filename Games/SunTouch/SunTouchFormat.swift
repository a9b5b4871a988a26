/// Number formatting for SunTouch's texts (PartyKit games have no Foundation).
enum SunTouchFormat {
    /// `value` with two decimals ("0.35"), or its plain description when it is not finite.
    static func decimal(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return places == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Milliseconds as seconds with one decimal, rounded up so a wait never shows as over ("1.2 s").
    static func seconds(_ milliseconds: Int64) -> String {
        let tenths = (max(0, milliseconds) + 99) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// Milliseconds as a clock, rounded up to whole seconds ("1:05").
    static func clock(_ milliseconds: Int64) -> String {
        let total = (max(0, milliseconds) + 999) / 1000
        let seconds = total % 60
        return "\(total / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    }
}
