// The gRPC message codec for the generated code.
//
// Debian 12's gRPC-Go (1.33) marshals messages with the old
// github.com/golang/protobuf 1.3 (APIv1), which cannot encode the messages
// google.golang.org/protobuf's protoc-gen-go (APIv2) generates. This file
// registers, in place of gRPC's default "proto" codec, one that uses APIv2
// directly. Keep it next to your bot; it changes nothing on the wire.
package main

import (
	"fmt"

	"google.golang.org/grpc/encoding"
	"google.golang.org/protobuf/proto"
)

type protoCodec struct{}

func (protoCodec) Marshal(v interface{}) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("codec: %T is not a protobuf message", v)
	}
	return proto.Marshal(m)
}

func (protoCodec) Unmarshal(data []byte, v interface{}) error {
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("codec: %T is not a protobuf message", v)
	}
	return proto.Unmarshal(data, m)
}

func (protoCodec) Name() string { return "proto" }

func init() { encoding.RegisterCodec(protoCodec{}) }
