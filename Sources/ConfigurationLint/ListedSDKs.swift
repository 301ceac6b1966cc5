/// Apple's list of commonly used third-party SDKs that must ship their own privacy manifest.
///
/// From https://developer.apple.com/support/third-party-SDK-requirements/: the names from Abseil
/// through GTMSessionFetcher are transcribed from the stored copy of that page, which ends there;
/// the rest (hermes through webview_flutter_wkwebview) are unconfirmed against a source. The 86
/// entries agree with the count of 87 pxlnv.com gives, within one. The ads and consent SDKs this
/// harness stands in for are not on the list; some of their dependencies are.
package enum ListedSDKs {
    /// The SDK names as Apple lists them; `BoringSSL / openssl_grpc` is two names here.
    package static let names: Set<String> = [
        "Abseil", "AFNetworking", "Alamofire", "AppAuth", "BoringSSL", "openssl_grpc", "Capacitor", "Charts",
        "connectivity_plus", "Cordova", "device_info_plus", "DKImagePickerController", "DKPhotoGallery", "FBAEMKit",
        "FBLPromises", "FBSDKCoreKit", "FBSDKCoreKit_Basics", "FBSDKLoginKit", "FBSDKShareKit", "file_picker",
        "FirebaseABTesting", "FirebaseAuth", "FirebaseCore", "FirebaseCoreDiagnostics", "FirebaseCoreExtension",
        "FirebaseCoreInternal", "FirebaseCrashlytics", "FirebaseDynamicLinks", "FirebaseFirestore",
        "FirebaseInstallations", "FirebaseMessaging", "FirebaseRemoteConfig", "Flutter", "flutter_inappwebview",
        "flutter_local_notifications", "fluttertoast", "FMDB", "geolocator_apple", "GoogleDataTransport",
        "GoogleSignIn", "GoogleToolboxForMac", "GoogleUtilities", "grpcpp", "GTMAppAuth", "GTMSessionFetcher",
        "hermes", "image_picker_ios", "IQKeyboardManager", "IQKeyboardManagerSwift", "Kingfisher", "leveldb",
        "Lottie", "MBProgressHUD", "nanopb", "OneSignal", "OneSignalCore", "OneSignalExtension", "OneSignalOutcomes",
        "OpenSSL", "OrderedSet", "package_info", "package_info_plus", "path_provider", "path_provider_ios",
        "Promises", "Protobuf", "Reachability", "RealmSwift", "RxCocoa", "RxRelay", "RxSwift", "SDWebImage",
        "share_plus", "shared_preferences_ios", "SnapKit", "sqflite", "Starscream", "SVProgressHUD", "SwiftyGif",
        "SwiftyJSON", "Toast", "UnityFramework", "url_launcher", "url_launcher_ios", "video_player_avfoundation",
        "wakelock", "webview_flutter_wkwebview",
    ]
}
