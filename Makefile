# announce: see README.md. `make demo` and `make test` work on a fresh
# Debian 12 machine with Swift: both install what they need first.

SWIFT ?= swift
SWIFTC ?= swiftc
PREFIX ?= /usr/local
# Debian packages the build needs: the C libraries of the audio module.
BUILD_PACKAGES := pkg-config libsndfile1-dev libsamplerate0-dev libsonic-dev libebur128-dev libaubio-dev libfftw3-dev
# Debian packages `make bench` needs for its peers (sox) and the C launcher.
BENCH_PACKAGES := sox gcc libc6-dev
# Debian packages `make voice` needs to regenerate the bundled voices.
VOICE_PACKAGES := espeak-ng sox
# Debian packages the speech and push scripts need (scripts/tts, scripts/push,
# scripts/apns): Python's venv for their pinned packages, curl for APNs,
# espeak-ng and sox for the speech services' stand-ins.
SCRIPT_PACKAGES := python3 python3-venv curl ca-certificates espeak-ng sox
# What `make dist`'s tarball needs on a Debian 12 machine without Swift: the
# C libraries the binary links (its INSTALL names them; test-dist.sh lists
# them with ldd).
RUNTIME_PACKAGES := libsndfile1 libsamplerate0 libsonic0 libebur128-1 libstdc++6
# Debian packages `make test` needs beyond the build's: the scripts' (curl,
# with HTTP/2 as Debian 12 builds it, and Python's venv for the push scripts
# the tests run against servers on 127.0.0.1; espeak-ng and sox for the
# Cantonese voice's scripts, scripts/voice/espeak-tts.sh and check-jyutping,
# and the speech services' stand-ins), and the tarball's run-time libraries.
TEST_PACKAGES := $(SCRIPT_PACKAGES) $(RUNTIME_PACKAGES)
VERSION := $(shell sed -n 's/^ *version: "\([^"]*\)",$$/\1/p' Sources/announce/Commands/Announce.swift)
ARCH := $(shell uname -m)
DIST := .build/dist/announce-$(VERSION)-linux-$(ARCH).tar.gz
# `make test` packs the same tarball from the debug build, linked as the
# release is (Swift's runtime static), rather than optimising the whole
# package a second time: the packing, the layout and running without Swift
# are what it checks. A static debug link needs Foundation's two internal
# libraries named (the release's dead stripping drops what needs them).
TEST_DIST := .build/dist/test/announce-$(VERSION)-linux-$(ARCH)-debug.tar.gz
DEBUG_STATIC_FLAGS := --static-swift-stdlib -Xlinker -l_FoundationCollections -Xlinker -l_FoundationCShims

.PHONY: all deps build tools test lint docs docs-examples demo bench voice install dist clean fuzz

all: build

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

# The release binary links the Swift runtime and Foundation statically: a cold
# start is about 8 ms faster and 6 MB smaller than with the shared libraries.
#
# The package's code, the argument parser's included, calls each generic
# type's metadata accessor rather than asking the runtime to build the type
# from its mangled name: that path demangles, and checks every requirement
# (`Key: Hashable`) by scanning all the binary's conformance records, at each
# start (5.5 M of a cold render's 57.7 M instructions by callgrind;
# docs/PERFORMANCE.md). Same code, same output, 71 kB more binary.
RELEASE_FLAGS = -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The announce product alone: the fuzz programs are built by `make fuzz`
# (and, as plain replayers, by `make test`), never by a release.
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product announce

# The speech and push scripts' virtual environments, made ahead from their
# pinned requirements (PyPI), so that no first send or speak waits on one.
tools:
	@scripts/install-deps.sh $(SCRIPT_PACKAGES)
	@scripts/prepare-tools

# swift test builds the fuzz targets too; each then replays its seeds once
# (no libFuzzer), so `make fuzz` cannot rot unseen. scripts/push's tests send
# a line of the debug build's announce through each push service's route to
# its stand-in on 127.0.0.1; scripts/tts's build voices with it through each
# cloud speech service's adapter against its stand-in on 127.0.0.1; the
# tarball `make dist` packs (here from the debug build) renders with Swift
# out of sight; the iOS glue is compiled against the SDKs' declarations
# (see lint).
#
# Each step's whole output goes to .build/test-logs/STEP.log; what is printed
# is a line per suite, every failure in full, and the closing counts. Every
# step runs even when one fails; the last line decides. scripts/test/all.sh
# orders the steps (the venvs made as part of it, as `make tools` makes them).
test: deps lint
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@SWIFT=$(SWIFT) SWIFTC=$(SWIFTC) TEST_DIST=$(TEST_DIST) RUNTIME_PACKAGES="$(RUNTIME_PACKAGES)" SCRIPT_PACKAGES="$(SCRIPT_PACKAGES)" \
		DEBUG_STATIC_FLAGS="$(DEBUG_STATIC_FLAGS)" scripts/test/all.sh

# Rewrites the output of every `$ announce …` example in README.md and docs/
# from what announce prints (the convention is in
# Tests/AnnounceCLITests/Examples/DocumentedExample.swift); `make test` fails while any
# is stale. Read the diff before committing it.
docs-examples: deps
	ANNOUNCE_RECORD_DOCS=1 $(SWIFT) test --filter DocumentationExampleTests

# The iOS glue in docs/ios is parsed here, before anything is built, and the
# property lists (Info, entitlements, privacy manifests) must load as
# dictionaries. `make test` then compiles the glue, once the phone's modules
# are built (scripts/ios/compile-glue.sh, a step of scripts/test/all.sh): the
# app and the extension as docs/IOS.md's table makes them, each with the
# files of Sources/AnnounceExtensionLogic, with no push service and with
# each service's flag, in Swift 6 mode, against interface modules
# (Tests/IOSInterfaces) that declare the Apple and push service API the glue
# uses as Swift imports the SDKs' headers. The decisions,
# Sources/AnnounceExtensionLogic, are the target that `swift test` builds
# and tests, with the check that each privacy manifest declares the
# required-reason APIs its target calls.
IOS_SWIFT := $(shell find docs/ios -name '*.swift' | sort)
IOS_PLISTS := $(shell find docs/ios \( -name '*.plist' -o -name '*.entitlements' -o -name '*.xcprivacy' \) | sort)
lint:
	@$(SWIFTC) -parse $(IOS_SWIFT)
	@python3 -c "import plistlib, sys; [isinstance(plistlib.load(open(f, 'rb')), dict) or sys.exit(f + ': not a dictionary') for f in sys.argv[1:]]" $(IOS_PLISTS)

# Library documentation (DocC) for every library, the steps an amount
# passes through first, as one archive: .build/documentation/announce.doccarchive
# (open it with Xcode, or serve the folder and browse /documentation/announcelanguage).
DOCS_ARCHIVE := .build/documentation/announce.doccarchive
DOCS_TARGETS := AnnounceCommon AnnounceLanguage AnnounceVoice AnnounceEngine AnnounceWire AnnounceServer AnnounceStudio
docs: deps
	mkdir -p $(dir $(DOCS_ARCHIVE))
	$(SWIFT) package --allow-writing-to-directory $(dir $(DOCS_ARCHIVE)) generate-documentation \
		$(addprefix --target ,$(DOCS_TARGETS)) --enable-experimental-combined-documentation \
		--output-path $(DOCS_ARCHIVE)
	@# The plugin exits 0 even when merging the archives fails.
	for target in $(DOCS_TARGETS); do \
		test -f $(DOCS_ARCHIVE)/data/documentation/$$(echo $$target | tr A-Z a-z).json || { echo "docs: $$target missing" >&2; exit 1; }; \
	done

demo: build
	.build/release/announce explain 123.45
	.build/release/announce render --prefix alipay 123.45

# Speed and memory, measured (never asserted in tests).
bench: build
	@scripts/install-deps.sh $(BENCH_PACKAGES)
	python3 scripts/bench.py

# Coverage-guided fuzzing (libFuzzer, AddressSanitizer) of the amount, batch
# line and voice manifest parsers, of the manifest's worst-case search, of
# the device voice pack reader and the phone's renderer on what it accepts,
# of the push arrival reader (every push service's shape), and of a merchant's day played through the phone's decisions (announce till):
# FUZZ_SECONDS per target, seeds from scripts/fuzz/corpus. Fails on any
# finding (a trap, a leak, 10 s or 2 GB for one input); the input is kept in
# .build-fuzz/findings, and `.build/debug/FuzzManifest FILE` replays it.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) scripts/fuzz/run.sh

# The bundled voices, through the route users use (voice script, voice build --tts):
# the default (Mandarin), the Cantonese one and the Hong Kong Cantonese one.
voice: build
	@scripts/install-deps.sh $(VOICE_PACKAGES)
	scripts/make-voice.sh Clips/default mandarin
	scripts/make-voice.sh Clips/cantonese cantonese
	scripts/make-voice.sh Clips/cantonese-hk cantonese-hk

# Installs what `make dist` packs, under PREFIX: the binary, the bundled
# voices where announce finds them (PREFIX/share/announce/voices/NAME), the
# speech and push scripts as commands (PREFIX/bin/announce-speak, …) with
# their virtual environments made, and the docs (scripts/dist/stage.sh).
install: build
	@scripts/install-deps.sh $(SCRIPT_PACKAGES)
	scripts/dist/stage.sh .build/release/announce "$(DESTDIR)$(PREFIX)"
	@# A venv records its own path: made in place only, not under DESTDIR.
	@if [ -z "$(DESTDIR)" ]; then "$(PREFIX)/bin/announce-prepare-tools"; fi

# One tarball a Debian 12 machine without Swift runs (its INSTALL names the
# Debian packages to install): .build/dist/announce-VERSION-linux-ARCH.tar.gz.
dist: build
	scripts/dist/pack.sh .build/release/announce $(DIST) "$(RUNTIME_PACKAGES)" "$(SCRIPT_PACKAGES)"

clean:
	rm -rf .build
