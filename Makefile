# pickup: common tasks. `make help` lists them.
GO        ?= go
FUZZTIME  ?= 30s
BIN       ?= bin/pickup
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: help build test lint fmt golden bench fuzz killloop demo clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z]+:.*## / {printf "  %-8s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

build: ## build bin/pickup (static, as the releases are: CGO_ENABLED=0)
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./cmd/pickup

# The benchmarks run once first (small inputs, so they keep compiling and
# working); the tests run last, so the run closes on the test summary.
# Allocation counts are exact only without the race detector (its
# instrumentation allocates, and its sync.Pool drops items at random):
# the tests that count them are named TestAllocs..., skip themselves under
# -race, and run once more without it.
test: ## go vet, every benchmark once (small inputs), every test with the race detector, the allocation counts without it
	$(GO) vet ./...
	$(GO) test -short -run '^$$' -bench . -benchtime=1x ./...
	$(GO) test -race -count=1 -timeout 30m ./...
	$(GO) test -count=1 -run '^TestAllocs' ./...

lint: ## gofmt, go vet, go mod tidy and staticcheck must all be clean
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change: $$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) mod tidy -diff
	$(GO) run $(STATICCHECK) ./...

fmt: ## gofmt every Go file
	gofmt -w $$(git ls-files '*.go')

golden: ## regenerate golden views (read every diff before committing)
	$(GO) test ./tui/... -run Golden -update
	git diff --stat -- '*.golden'

bench: ## benchmarks with allocation counts, then pickup against jq and cat (docs/performance.md)
	$(GO) test -run '^$$' -bench . -benchmem ./...
	scripts/bench-compare.sh

fuzz: ## run every fuzz target for FUZZTIME each (default 30s)
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

KILLROUNDS ?= 300

killloop: ## kill every multi-file write and undo with SIGKILL: each point once, then KILLROUNDS (300) random kills each (make test: the moments between files, 1 random kill)
	PICKUP_KILLLOOP_ROUNDS=$(KILLROUNDS) $(GO) test -count=1 -timeout 2h -run 'TestKillLoop' -v ./cmd/pickup | grep -E '^(=== RUN|--- |ok|FAIL|PASS)|points and'

demo: ## the wizard on the built-in sample project
	$(GO) run ./cmd/pickup demo

clean: ## remove build output
	rm -rf bin
