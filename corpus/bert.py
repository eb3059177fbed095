"""A BERT encoder's forward pass in numpy (MiniLM: 6 layers, 384 wide), read from safetensors."""
from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from corpus.errors import ModelError

DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
# erf by Abramowitz & Stegun 7.1.26 (error below 1.5e-7, under float32's own rounding): numpy has no erf.
ERF_P = 0.3275911
ERF_A = (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
INV_SQRT2 = 1 / math.sqrt(2)
SMALL = 64   # rows up to which linear() puts the weights first
CHUNK = 256  # rows of the feed-forward layer computed at once
GELU_ROWS = 32  # rows of 1536 values: a few such arrays fit in a core's L2 cache


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file by name (the format: 8-byte header size, JSON header, data)."""
    data = Path(path).read_bytes()
    try:
        (size,) = struct.unpack("<Q", data[:8])
        header = json.loads(data[8:8 + size])
        tensors = {}
        for name, info in header.items():
            if name == "__metadata__":
                continue
            dtype = np.dtype(DTYPES[info["dtype"]])
            start, end = info["data_offsets"]
            flat = np.frombuffer(data, dtype, count=(end - start) // dtype.itemsize, offset=8 + size + start)
            tensors[name] = flat.reshape(info["shape"])
    except (struct.error, ValueError, KeyError, TypeError) as exc:
        raise ModelError(path, f"not a readable safetensors file ({exc!r})") from None
    return tensors


@dataclass
class Layer:
    """One transformer block's weights, as (out, in) matrices (query, key and value fused)."""

    qkv: np.ndarray
    qkv_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray
    norm1: tuple[np.ndarray, np.ndarray]
    up: np.ndarray
    up_bias: np.ndarray
    down: np.ndarray
    down_bias: np.ndarray
    norm2: tuple[np.ndarray, np.ndarray]


@dataclass
class Bert:
    """The encoder's weights and shape: embeddings, then its layers."""

    words: np.ndarray
    positions: np.ndarray
    token_type: np.ndarray
    norm: tuple[np.ndarray, np.ndarray]
    layers: list[Layer]
    heads: int
    eps: float


def _f32(array: np.ndarray) -> np.ndarray:
    """A contiguous float32 copy (the weights may be stored as float16)."""
    return np.ascontiguousarray(array, dtype=np.float32)


def _layer(t: dict[str, np.ndarray], i: int) -> Layer:
    """Layer i's weights from the checkpoint's names."""
    p = f"encoder.layer.{i}."
    get = lambda name: _f32(t[p + name])  # noqa: E731
    attn = [p + f"attention.self.{part}" for part in ("query", "key", "value")]
    return Layer(
        qkv=_f32(np.concatenate([t[a + ".weight"] for a in attn])),
        qkv_bias=_f32(np.concatenate([t[a + ".bias"] for a in attn])),
        out=get("attention.output.dense.weight"), out_bias=get("attention.output.dense.bias"),
        norm1=(get("attention.output.LayerNorm.weight"), get("attention.output.LayerNorm.bias")),
        up=get("intermediate.dense.weight"), up_bias=get("intermediate.dense.bias"),
        down=get("output.dense.weight"), down_bias=get("output.dense.bias"),
        norm2=(get("output.LayerNorm.weight"), get("output.LayerNorm.bias")))


def model_config(folder: Path) -> tuple[int, int, float]:
    """(attention heads, layers, layer-norm eps) from the folder's config.json; ModelError naming it."""
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        heads, layers, eps = config["num_attention_heads"], config["num_hidden_layers"], config["layer_norm_eps"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(folder / "config.json", f"unreadable model config ({exc!r})") from None
    if config.get("hidden_act") != "gelu" or config.get("position_embedding_type", "absolute") != "absolute":
        raise ModelError(folder / "config.json", "not a BERT encoder with GELU and absolute positions")
    return heads, layers, eps


def load_bert(folder: Path) -> Bert:
    """The encoder in a model folder (config.json, model.safetensors)."""
    folder = Path(folder)
    heads, layers, eps = model_config(folder)
    t = read_safetensors(folder / "model.safetensors")
    t = {name.removeprefix("bert."): value for name, value in t.items()}
    try:
        bert = Bert(words=_f32(t["embeddings.word_embeddings.weight"]),
                    positions=_f32(t["embeddings.position_embeddings.weight"]),
                    token_type=_f32(t["embeddings.token_type_embeddings.weight"][0]),
                    norm=(_f32(t["embeddings.LayerNorm.weight"]), _f32(t["embeddings.LayerNorm.bias"])),
                    layers=[_layer(t, i) for i in range(layers)], heads=heads, eps=float(eps))
    except KeyError as exc:
        raise ModelError(folder / "model.safetensors", f"missing tensor {exc}") from None
    return bert


def linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """x @ weight.T + bias, for rows of x."""
    # For a few rows (a query), OpenBLAS is about twice as fast with the weights as the left operand.
    y = (weight @ x.T).T if x.shape[0] <= SMALL else x @ weight.T
    return y + bias


def layer_norm(x: np.ndarray, weights: tuple[np.ndarray, np.ndarray], eps: float) -> np.ndarray:
    """Normalize each row to mean 0, variance 1, then scale and shift."""
    x = x - x.mean(axis=-1, keepdims=True)
    variance = np.mean(np.square(x), axis=-1, keepdims=True)
    x *= 1 / np.sqrt(variance + eps)
    x *= weights[0]
    x += weights[1]
    return x


def gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU in place, a few rows at a time: its dozen passes then stay in cache (3x faster)."""
    for start in range(0, len(x), GELU_ROWS):
        _gelu_rows(x[start:start + GELU_ROWS])
    return x


def _gelu_rows(x: np.ndarray) -> None:
    """x/2 (1 + erf(x/√2)), written as (x + |x| erf(|x|/√2)) / 2, in place."""
    z = np.abs(x)
    z *= INV_SQRT2
    t = 1 / (1 + ERF_P * z)
    poly = ERF_A[0] * t
    for a in ERF_A[1:]:
        poly += a
        poly *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z                     # 1 - poly is erf(|x|/√2)
    np.abs(x, out=z)
    poly *= z
    z -= poly                     # |x| erf(|x|/√2)
    x += z
    x *= 0.5


def softmax(scores: np.ndarray) -> np.ndarray:
    """Softmax over the last axis, in place."""
    scores -= scores.max(axis=-1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=-1, keepdims=True)
    return scores


def attention(bert: Bert, layer: Layer, x: np.ndarray, spans: list[tuple[int, int]]) -> np.ndarray:
    """Multi-head self-attention, each text's tokens (rows start:end of x) attending to its own only."""
    heads = bert.heads
    width = x.shape[1] // heads
    qkv = linear(x, layer.qkv, layer.qkv_bias)
    context = np.empty_like(x)
    for start, end in spans:
        q, k, v = qkv[start:end].reshape(end - start, 3, heads, width).transpose(1, 2, 0, 3)
        scores = q @ k.transpose(0, 2, 1)                   # (heads, tokens, tokens)
        scores *= 1 / math.sqrt(width)
        context[start:end] = (softmax(scores) @ v).transpose(1, 0, 2).reshape(end - start, -1)
    return linear(context, layer.out, layer.out_bias)


def feed_forward(layer: Layer, x: np.ndarray) -> np.ndarray:
    """The position-wise GELU layer, a few hundred rows at a time so its temporaries stay in cache."""
    out = np.empty_like(x)
    for start in range(0, len(x), CHUNK):
        hidden = gelu(linear(x[start:start + CHUNK], layer.up, layer.up_bias))
        out[start:start + CHUNK] = linear(hidden, layer.down, layer.down_bias)
    return out


def block(bert: Bert, layer: Layer, x: np.ndarray, spans: list[tuple[int, int]]) -> np.ndarray:
    """One transformer layer: attention and feed-forward, each with a residual and LayerNorm."""
    x = layer_norm(x + attention(bert, layer, x, spans), layer.norm1, bert.eps)
    return layer_norm(x + feed_forward(layer, x), layer.norm2, bert.eps)


def encode(bert: Bert, texts: list[list[int]]) -> np.ndarray:
    """One unit vector per text of token ids: the mean of its last layer's token vectors, normalized.

    The texts' tokens are packed end to end into one matrix, so no row is padding and no mask is
    needed: only attention looks across rows, and it stays within each text's span.
    """
    lengths = np.array([len(ids) for ids in texts])
    ends = np.cumsum(lengths)
    spans = list(zip((ends - lengths).tolist(), ends.tolist()))
    positions = np.concatenate([np.arange(n) for n in lengths])
    x = bert.words[np.concatenate(texts)] + bert.positions[positions] + bert.token_type
    x = layer_norm(x, bert.norm, bert.eps)
    for layer in bert.layers:
        x = block(bert, layer, x, spans)
    pooled = np.add.reduceat(x, ends - lengths, axis=0) / lengths[:, None].astype(np.float32)
    return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
