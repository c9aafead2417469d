package textsafe

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unicode/utf8"
)

// Invalid is s with every byte that is not part of valid UTF-8 written
// as the four characters \xNN, everything else as it is.
func Invalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			const hex = "0123456789abcdef"
			b = append(b, '\\', 'x', hex[s[i]>>4], hex[s[i]&0xf])
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// Strings returns v with every string in it that is not valid UTF-8
// rewritten by Invalid, for encoding/json, which would otherwise turn
// each such byte into U+FFFD and lose it. Only what changes is copied;
// v itself is not modified. Values with their own JSON or text encoding
// (json.Marshaler, encoding.TextMarshaler) are left as they are.
func Strings(v any) any {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return v
	}
	if nv, changed := walk(rv, 0); changed {
		return nv.Interface()
	}
	return v
}

// maxDepth bounds walk on a value that refers to itself.
const maxDepth = 64

func walk(v reflect.Value, depth int) (reflect.Value, bool) {
	t := v.Type()
	if depth > maxDepth || t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
		return v, false
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if utf8.ValidString(s) {
			return v, false
		}
		nv := reflect.New(t).Elem()
		nv.SetString(Invalid(s))
		return nv, true
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		e, changed := walk(v.Elem(), depth+1)
		if !changed {
			return v, false
		}
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Elem())
			p.Elem().Set(e)
			return p, true
		}
		nv := reflect.New(t).Elem()
		nv.Set(e)
		return nv, true
	case reflect.Struct:
		var out reflect.Value
		for i := range v.NumField() {
			if !t.Field(i).IsExported() {
				continue
			}
			e, changed := walk(v.Field(i), depth+1)
			if !changed {
				continue
			}
			if !out.IsValid() {
				out = reflect.New(t).Elem()
				out.Set(v)
			}
			out.Field(i).Set(e)
		}
		return out, out.IsValid()
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || t.Elem().Kind() == reflect.Uint8) {
			return v, false // nil, or bytes (base64 in JSON)
		}
		var out reflect.Value
		for i := range v.Len() {
			e, changed := walk(v.Index(i), depth+1)
			if !changed {
				continue
			}
			if !out.IsValid() {
				if v.Kind() == reflect.Slice {
					out = reflect.MakeSlice(t, v.Len(), v.Len())
					reflect.Copy(out, v)
				} else {
					out = reflect.New(t).Elem()
					out.Set(v)
				}
			}
			out.Index(i).Set(e)
		}
		return out, out.IsValid()
	case reflect.Map:
		if v.IsNil() {
			return v, false
		}
		var out reflect.Value
		for it := v.MapRange(); it.Next(); {
			k, kc := walk(it.Key(), depth+1)
			e, ec := walk(it.Value(), depth+1)
			if !kc && !ec && !out.IsValid() {
				continue
			}
			if !out.IsValid() {
				// The first change: copy every entry so far (and the
				// rest as they come).
				out = reflect.MakeMapWithSize(t, v.Len())
				for it2 := v.MapRange(); it2.Next(); {
					out.SetMapIndex(it2.Key(), it2.Value())
				}
			}
			if kc {
				out.SetMapIndex(it.Key(), reflect.Value{})
			}
			out.SetMapIndex(k, e)
		}
		return out, out.IsValid()
	}
	return v, false
}
