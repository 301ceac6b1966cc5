import AdRequestKit
import StandInRuntime

extension SimulatedTrackingAuthorization {
    /// Asks for authorization and waits for the answer, through the same code as the completion
    /// form; an answer that comes twice resumes the caller once, and the duplicate is recorded as not delivered.
    package func requestTrackingAuthorization() async -> TrackingAuthorizationStatus {
        await process.awaitCompletion(of: "tracking.request") { done in requestTrackingAuthorization(completion: done) }
    }
}
