import PartyWire

extension PartySession {
    /// Forwards one connection's events (`forward`) and, beside it, asks the server of `room`
    /// which nodes its fleet has, for the next reconnection.
    func forwardLearningFleet(connection: PartyConnection, welcome: Welcome, first: Bool,
                              firstWelcome: AsyncStream<Welcome>.Continuation, room: WebSocketTarget?) async -> Outcome {
        await withTaskGroup(of: Outcome?.self) { group in
            if let room {
                group.addTask {
                    if let nodes = await FleetLookup.targets(of: room) { self.fleetNodes.withLock { $0 = nodes } }
                    return nil
                }
            }
            group.addTask { await self.forward(connection: connection, welcome: welcome, first: first, firstWelcome: firstWelcome) }
            var outcome: Outcome?
            for await finished in group where finished != nil { outcome = finished }
            return outcome ?? Outcome(end: .lost("the connection closed"), token: welcome.token, room: welcome.room == true,
                                      patience: welcome.reconnectPatience, restartWait: welcome.hostRestartWait)
        }
    }
}
