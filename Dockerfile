# Multi-stage build: cgo is needed for SQLite (github.com/mattn/go-sqlite3).
#   docker build -t bermuda .
#   docker run -d --name bermuda -e DISCORD_TOKEN=... -v bermuda-data:/data bermuda
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
# The token comes from the environment (DISCORD_TOKEN), never the image.
ENTRYPOINT ["bermuda"]
CMD ["serve"]
