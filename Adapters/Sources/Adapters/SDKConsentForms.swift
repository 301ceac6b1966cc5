// Adapter of the ConsentFormProvider port onto the consent SDK's forms (User Messaging Platform,
// Swift names). Needs UMP 3.0 or later (no `UMP` prefix); checked against 3.1.0. The forms present
// over the app's top screen, which the port leaves out: the app hands the adapter a way to find it.
// On Linux it is type-checked against interface stubs (Adapters/README.md).
#if canImport(UserMessagingPlatform) && canImport(UIKit)
    import AdRequestKit
    import Foundation
    import UIKit
    import UserMessagingPlatform

    /// The consent SDK's forms, through the port.
    public struct SDKConsentForms: ConsentFormProvider {
        /// The screen to present from, read on the main thread when a form shows.
        let presenter: @MainActor @Sendable () -> UIViewController?

        /// Creates the adapter; `presenter` finds the app's top screen.
        public init(presenter: @escaping @MainActor @Sendable () -> UIViewController?) {
            self.presenter = presenter
        }

        /// `ConsentForm.load(with:)`.
        public func loadForm(completion: @escaping @Sendable (Result<any LoadedConsentForm, ConsentFormError>) -> Void) {
            let presenter = presenter
            DispatchQueue.main.async {
                ConsentForm.load { form, error in
                    if let form {
                        completion(.success(SDKLoadedConsentForm(form: form, presenter: presenter)))
                    } else {
                        completion(.failure(ConsentFormError(rawValue: (error as NSError?)?.code ?? ConsentFormError.internal.rawValue)))
                    }
                }
            }
        }

        /// `ConsentForm.loadAndPresentIfRequired(from:completionHandler:)`.
        public func loadAndPresentIfRequired(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
            let presenter = presenter
            DispatchQueue.main.async {
                ConsentForm.loadAndPresentIfRequired(from: presenter()) { error in
                    completion(error.map { ConsentFormError(rawValue: ($0 as NSError).code) })
                }
            }
        }

        /// `ConsentForm.presentPrivacyOptionsForm(from:completionHandler:)`.
        public func presentPrivacyOptionsForm(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
            let presenter = presenter
            DispatchQueue.main.async {
                ConsentForm.presentPrivacyOptionsForm(from: presenter()) { error in
                    completion(error.map { ConsentFormError(rawValue: ($0 as NSError).code) })
                }
            }
        }
    }

    /// A loaded form; the SDK's object is touched on the main thread only, hence unchecked.
    struct SDKLoadedConsentForm: LoadedConsentForm, @unchecked Sendable {
        let form: ConsentForm
        let presenter: @MainActor @Sendable () -> UIViewController?

        /// `ConsentForm.present(from:completionHandler:)`: the second time it fails `alreadyUsed`.
        func present(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
            DispatchQueue.main.async { [form, presenter] in
                form.present(from: presenter()) { error in
                    completion(error.map { ConsentFormError(rawValue: ($0 as NSError).code) })
                }
            }
        }
    }
#endif
