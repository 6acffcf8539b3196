// Package jsonerr words JSON decoding errors for a person: where the input
// went wrong and what was expected there, in JSON's terms (an object, a
// list, a string), never Go's type names.
package jsonerr

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Describe returns err, from encoding/json, in words a user knows.
func Describe(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := "the input"
		if te.Field != "" {
			where = fmt.Sprintf("%q", te.Field)
		}
		return fmt.Sprintf("%s is %s, want %s", where, article(te.Value), kind(te.Type))
	case errors.As(err, &se):
		return fmt.Sprintf("not valid JSON at byte %d: %s", se.Offset, se.Error())
	case errors.Is(err, io.EOF):
		return "the input is empty, want a JSON value"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early"
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "unknown field " + f
	}
	return msg
}

// article names a JSON value kind as json reports it ("array", "string").
func article(v string) string {
	switch v {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "null":
		return "null"
	}
	if strings.HasPrefix(v, "number") {
		return "a number"
	}
	return v
}

// kind names the JSON that decodes into t.
func kind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Interface:
		return "a JSON value"
	}
	return "another kind of value"
}
