package main

import (
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// goreleaser is the part of .goreleaser.yaml the test reads.
type goreleaser struct {
	Before struct {
		Hooks []string `yaml:"hooks"`
	} `yaml:"before"`
	Builds []struct {
		Main   string   `yaml:"main"`
		Binary string   `yaml:"binary"`
		Goos   []string `yaml:"goos"`
		Goarch []string `yaml:"goarch"`
	} `yaml:"builds"`
	Archives []struct {
		Files []string `yaml:"files"`
	} `yaml:"archives"`
	Checksum struct {
		Name string `yaml:"name_template"`
	} `yaml:"checksum"`
	Nfpms []struct {
		Formats  []string `yaml:"formats"`
		Contents []struct {
			Src string `yaml:"src"`
			Dst string `yaml:"dst"`
		} `yaml:"contents"`
	} `yaml:"nfpms"`
}

// The release configuration builds ./cmd/pickup for linux, darwin and
// windows on amd64 and arm64, and its archives and packages hold exactly
// the man page and completion files its before hooks make: the hooks
// are run here with the real binary in place of `go run ./cmd/pickup`.
func TestReleaseConfigShipsWhatTheBinaryGenerates(t *testing.T) {
	top := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(top, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg goreleaser
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if len(cfg.Builds) != 1 || cfg.Builds[0].Main != "./cmd/pickup" || cfg.Builds[0].Binary != "pickup" {
		t.Fatalf("builds: %+v", cfg.Builds)
	}
	for _, want := range []string{"linux", "darwin", "windows"} {
		if !slices.Contains(cfg.Builds[0].Goos, want) {
			t.Errorf("no %s build", want)
		}
	}
	for _, want := range []string{"amd64", "arm64"} {
		if !slices.Contains(cfg.Builds[0].Goarch, want) {
			t.Errorf("no %s build", want)
		}
	}
	if cfg.Checksum.Name == "" {
		t.Error("no checksums file")
	}
	// Run the hooks that generate files, with the binary under test.
	work := t.TempDir()
	for _, h := range cfg.Before.Hooks {
		if !strings.Contains(h, "go run ./cmd/pickup") {
			continue
		}
		h = strings.ReplaceAll(h, "go run ./cmd/pickup", bin)
		c := exec.Command("sh", "-c", strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(h, "sh -c "), "'"), "'"))
		c.Dir = work
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("hook %s: %v\n%s", h, err, out)
		}
	}
	made := map[string]bool{}
	_ = filepath.Walk(work, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			rel, _ := filepath.Rel(work, p)
			made[filepath.ToSlash(rel)] = true
			if info.Size() == 0 {
				t.Errorf("%s is empty", rel)
			}
		}
		return nil
	})
	for _, sh := range []string{"bash", "zsh", "fish"} {
		if !made["completions/pickup."+sh] {
			t.Errorf("the hooks make no %s completion: %v", sh, made)
		}
	}
	if !made["manpages/pickup.1.gz"] {
		t.Fatalf("the hooks make no man page: %v", made)
	}
	f, _ := os.Open(filepath.Join(work, "manpages", "pickup.1.gz"))
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(zr)
	if !strings.Contains(string(page), ".TH PICKUP 1") {
		t.Fatalf("the man page is not pickup's:\n%.200s", page)
	}
	if b, _ := os.ReadFile(filepath.Join(work, "completions", "pickup.bash")); !strings.Contains(string(b), "__start_pickup") {
		t.Fatalf("the bash completion is not pickup's:\n%.200s", b)
	}
	// The archives and packages ship every file made, and nothing else
	// generated.
	for i, a := range cfg.Archives {
		for name := range made {
			if !slices.Contains(a.Files, name) {
				t.Errorf("archive %d lacks %s", i, name)
			}
		}
		for _, f := range a.Files {
			if _, err := os.Stat(filepath.Join(top, f)); err != nil && !made[f] {
				t.Errorf("archive %d names %s, which nothing makes", i, f)
			}
		}
	}
	if len(cfg.Nfpms) == 0 || !slices.Contains(cfg.Nfpms[0].Formats, "deb") || !slices.Contains(cfg.Nfpms[0].Formats, "rpm") {
		t.Fatalf("nfpms: %+v", cfg.Nfpms)
	}
	var srcs []string
	for _, c := range cfg.Nfpms[0].Contents {
		srcs = append(srcs, c.Src)
		if !made[c.Src] {
			t.Errorf("the packages ship %s, which the hooks do not make", c.Src)
		}
	}
	for name := range made {
		if !slices.Contains(srcs, name) {
			t.Errorf("the packages lack %s", name)
		}
	}
}
