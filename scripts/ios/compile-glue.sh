#!/bin/sh
# Compiles the iOS glue (docs/ios) as the Xcode project of docs/IOS.md does,
# on Linux: the app target and the Notification Service Extension target,
# each with every file of Sources/AnnounceExtensionLogic beside its own
# files of docs/ios (the Target Membership table of docs/IOS.md, step 5),
# against the package's modules from the debug build and against interface
# modules (Tests/IOSInterfaces) that declare exactly the Apple and push
# service API the glue uses, each declaration citing its header or
# .swiftinterface. Once with no push service and once per service flag
# (ANNOUNCE_JPUSH, …), whose SDK comes in as through the target's bridging
# header. Swift 6 language mode, complete concurrency checking; SIL is made
# (so the flow-sensitive checks of sending values across isolation run)
# and nothing is generated from it.
#
# Needs the package's phone modules built (swift build --target
# AnnounceEngine, or swift build --build-tests). Usage:
#   scripts/ios/compile-glue.sh            every target and flag, then the
#                                          self-test (a broken copy must fail)
#   scripts/ios/compile-glue.sh app JPUSH  one target, one flag (NONE: none)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
SWIFTC=${SWIFTC:-swiftc}
MODULES=${MODULES:-$root/.build/debug/Modules}
interfaces=$root/Tests/IOSInterfaces
out=$root/.build/ios-glue
mkdir -p "$out/modules"

for module in AnnounceCommon AnnounceWire AnnounceEngine; do
    if [ ! -f "$MODULES/$module.swiftmodule" ]; then
        echo "compile-glue: $MODULES/$module.swiftmodule missing: swift build --target AnnounceEngine first" >&2
        exit 1
    fi
done

# The interface modules, each after those it imports.
for module in FoundationOnDarwin os UIKit UserNotifications AVFAudio AVFoundation Combine SwiftUI \
    JPush JPushExtension GTSDK GTExtensionSDK TPNS TPNSExtension AlicloudPush AlicloudPushExt UMCommon UMPush; do
    "$SWIFTC" -frontend -compile-module-from-interface "$interfaces/$module.swiftinterface" \
        -module-name "$module" -I "$out/modules" -o "$out/modules/$module.swiftmodule"
done

# A target's Swift files, from docs/IOS.md's Target Membership table, as
# PrivacyManifestTests reads it: a row's links name the files (a folder's
# link, every file below it), a ✓ in the app's or the extension's column
# puts them in that target. Paths are printed absolute.
members() { # column: 3 the app, 4 the extension
    awk -F'|' -v column="$1" '
        /^ *\| file \| app `Merchant` \| extension \|/ { table = 1; next }
        table && !/^ *\|/ { exit }
        table && $column ~ /✓/ {
            cell = $2
            while (match(cell, /\]\([^)]*\)/)) { print substr(cell, RSTART + 2, RLENGTH - 3); cell = substr(cell, RSTART + RLENGTH) }
        }' "$root/docs/IOS.md" |
    while read -r link; do
        case "$link" in
            */) find "$root/docs/$link" -name '*.swift' | sort ;;
            *.swift) echo "$root/docs/$link" ;;
        esac
    done
}
app_files=$(members 3)
extension_files=$(members 4)
case "$app_files" in *AnnounceExtensionLogic/*) ;; *) echo "compile-glue: no files of Sources/AnnounceExtensionLogic in the app's row of docs/IOS.md" >&2; exit 1 ;; esac
case "$extension_files" in *AnnounceExtensionLogic/*) ;; *) echo "compile-glue: no files of Sources/AnnounceExtensionLogic in the extension's row of docs/IOS.md" >&2; exit 1 ;; esac

# Every file of docs/ios belongs to a target.
for file in "$root"/docs/ios/*.swift; do
    case "
$app_files
$extension_files
" in
        *"
$file
"*) ;;
        *) echo "compile-glue: docs/ios/$(basename "$file") is in neither target of docs/IOS.md's table" >&2; exit 1 ;;
    esac
done

# The SDK a service flag brings into a target, as its bridging header does.
sdk() { # target flag
    case "$1:$2" in
        app:JPUSH) echo JPush ;; extension:JPUSH) echo JPushExtension ;;
        app:GETUI) echo GTSDK ;; extension:GETUI) echo GTExtensionSDK ;;
        app:TPNS) echo TPNS ;; extension:TPNS) echo TPNSExtension ;;
        app:ALIYUN) echo AlicloudPush ;; extension:ALIYUN) echo AlicloudPushExt ;;
        app:UMENG) echo "UMCommon UMPush" ;; extension:UMENG) echo "" ;;
        *:NONE) echo "" ;;
        *) echo "compile-glue: no flag $2" >&2; exit 1 ;;
    esac
}

# Warnings that only Linux's Foundation gives: Swift imports every
# Objective-C method @discardableResult, and on Darwin these two are
# Objective-C methods (NSNotificationCenter, NSTimer); swift-corelibs-
# foundation's are Swift methods whose result is not discardable. Any other
# warning fails, as an error does.
linux_only="result of call to '(addObserver\(forName:object:queue:using:\)|scheduledTimer\(withTimeInterval:repeats:block:\))' is unused"

# Emits the SIL of one target with one flag; its diagnostics go to LOG.
emit() { # target flag log files…
    target=$1 flag=$2 log=$3
    shift 3
    files=$*
    if [ "$target" = app ]; then name=Merchant; else name=NotificationServiceExtension; fi
    set -- -I "$out/modules" -Xfrontend -import-module -Xfrontend FoundationOnDarwin
    for module in $(sdk "$target" "$flag"); do set -- "$@" -Xfrontend -import-module -Xfrontend "$module"; done
    [ "$flag" = NONE ] || set -- "$@" -D "ANNOUNCE_$flag"
    # shellcheck disable=SC2086
    "$SWIFTC" -emit-sil -o /dev/null -wmo -swift-version 6 -module-name "$name" -parse-as-library \
        -diagnostic-style=llvm -I "$MODULES" "$@" $files >"$log" 2>&1
}

compile() { # target flag
    if [ "$1" = app ]; then files=$app_files; else files=$extension_files; fi
    log="$out/$1-$2.log"
    # shellcheck disable=SC2086
    if emit "$1" "$2" "$log" $files && ! grep -E '(error|warning):' "$log" | grep -qvE "$linux_only"; then
        return 0
    fi
    echo "compile-glue: the $1 with $2 does not compile cleanly:" >&2
    grep -vE "$linux_only" "$log" >&2 || true
    return 1
}

# That the check bites: a copy of the app's files, broken as a change could
# break them, must fail with the error each break makes. The sending check
# runs only on code that type-checks, so it is broken in a copy of its own.
self_test() {
    status=0
    for case in types sending; do
        copy="$out/self-test/$case"
        rm -rf "$copy" && mkdir -p "$copy/docs" "$copy/Sources"
        cp -R "$root/docs/ios" "$copy/docs/" && cp -R "$root/Sources/AnnounceExtensionLogic" "$copy/Sources/"
        if [ "$case" = types ]; then
            # A misspelled SDK call, a completion of the wrong type, a model action renamed.
            sed -i -e 's/removePendingNotificationRequests(withIdentifiers:/removePendingNotifications(withIdentifiers:/' \
                -e 's/\.add(request) { error in/.add(request) { (error: String?) in/' "$copy/docs/ios/TillController.swift"
            sed -i 's/case unschedule(/case cancelSchedule(/' "$copy/Sources/AnnounceExtensionLogic/Till/TillModel.swift"
            set -- "has no member 'removePendingNotifications'" "cannot convert value of type '@Sendable (String?) -> Void'" \
                "has no member 'unschedule'"
        else
            # The notification, which is not Sendable, sent to the main actor.
            sed -i 's/TillController.shared.present(arrival)/TillController.shared.present(TillController.Arrival(notification.request.content.userInfo, channel: .apns))/' \
                "$copy/docs/ios/AppDelegate.swift"
            set -- "sending 'notification' risks causing data races"
        fi
        log="$out/self-test-$case.log"
        # shellcheck disable=SC2086
        emit app NONE "$log" $(echo "$app_files" | sed -e "s|^$root/docs/\.\./Sources/|$copy/Sources/|" -e "s|^$root/docs/ios/|$copy/docs/ios/|")
        for expected in "$@"; do
            grep -qF "$expected" "$log" || { echo "compile-glue: a broken copy ($case) compiled without: $expected" >&2; status=1; }
        done
    done
    return $status
}

if [ $# -eq 2 ]; then
    compile "$1" "$2"
    exit
fi
# The two targets of a flag at a time (a compile is one thread).
status=0
for flag in NONE JPUSH GETUI TPNS ALIYUN UMENG; do
    compile app "$flag" & app=$!
    compile extension "$flag" & extension=$!
    wait "$app" || status=1
    wait "$extension" || status=1
done
self_test || status=1
exit $status
