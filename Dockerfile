# Multi-stage build: cgo is needed for SQLite (github.com/mattn/go-sqlite3).
#   docker build -t bermuda .
#   docker run -d --name bermuda -e DISCORD_TOKEN=... -v bermuda-data:/data bermuda
# Several replicas on PostgreSQL behind a proxy: deploy/compose.yaml.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/bermuda ./cmd/bermuda

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home /data bermuda \
 && mkdir -p /data && chown bermuda /data
COPY --from=build /out/bermuda /usr/local/bin/bermuda
USER bermuda
WORKDIR /data
VOLUME /data
ENV BERMUDA_DB=/data/bermuda.db
# /metrics, /healthz and /readyz listen here in either mode; the
# interactions endpoint (BERMUDA_HTTP_ADDR, HTTP mode) is usually :8080.
ENV BERMUDA_METRICS_ADDR=:9090
EXPOSE 8080 9090
# The image has no curl: the binary asks its own /readyz (store reachable,
# gateway connected or HTTP endpoint ready) and exits non-zero otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bermuda", "health", "-addr", ":9090"]
# The token comes from the environment (DISCORD_TOKEN), never the image.
ENTRYPOINT ["bermuda"]
CMD ["serve"]
