extension ServiceBrowser {
    /// Browses the wide-area domains once and reports what appeared, changed or disappeared.
    func browseWideArea(_ wideArea: WideAreaBrowser) async {
        let result = await wideArea.browse()
        for failure in result.failures { logger.warning("\(failure)") }
        wideAreaFailures = result.failures
        let old = Dictionary(wideAreaServices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(result.services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        wideAreaServices = result.services
        for service in result.services {
            if let before = old[service.id] {
                if before != service { eventContinuation.yield(.changed(service)) }
            } else {
                eventContinuation.yield(.appeared(service))
            }
        }
        for (id, service) in old where new[id] == nil { eventContinuation.yield(.disappeared(service)) }
    }
}
