#!/usr/bin/env bash
# Regenerates the demo pictures and clips in this folder. Not part of `npm start`: its outputs are
# committed, so a fresh clone needs neither tool. Needs ImageMagick 6 (`convert`) and ffmpeg
# (Debian: `apt-get install -y imagemagick ffmpeg`).
set -euo pipefail
cd "$(dirname "$0")"

FONT=Helvetica-Bold

# picture NAME WIDTH HEIGHT FROM TO SHAPES LABEL [QUALITY]: a vertical gradient, some shapes, a caption.
picture() {
  local name=$1 w=$2 h=$3 from=$4 to=$5 shapes=$6 label=$7 quality=${8:-72}
  convert -size "${w}x${h}" "gradient:${from}-${to}" \
    -fill 'rgba(255,255,255,0.25)' -stroke none -draw "$shapes" \
    -font "$FONT" -pointsize $((h / 9)) -fill white -stroke 'rgba(0,0,0,0.35)' -strokewidth 1 \
    -gravity southwest -annotate +$((w / 24))+$((h / 14)) "$label" \
    -strip -quality "$quality" "$name"
}

mountains='polygon 0,400 150,170 260,300 380,120 520,320 640,210 640,400'
hills='polygon 0,400 0,300 120,250 260,290 400,230 520,280 640,240 640,400'
waves='ellipse 320,420 420,90 0,360 ellipse 120,330 160,30 0,360'
planet='circle 430,170 430,60 circle 150,90 150,96 circle 560,320 560,326'
cups='circle 200,230 200,150 circle 440,230 440,170 rectangle 80,330 560,350'
loaf='ellipse 320,260 220,110 0,360 line 200,220 260,300 line 300,200 360,300 line 400,200 460,300'
towers='rectangle 60,180 140,400 rectangle 180,100 250,400 rectangle 290,220 380,400 rectangle 420,60 480,400 rectangle 520,160 600,400'
leaves='circle 160,200 160,90 circle 330,160 330,40 circle 500,210 500,100 rectangle 150,200 170,400 rectangle 320,160 340,400 rectangle 490,210 510,400'
grid='line 0,100 640,100 line 0,200 640,200 line 0,300 640,300 line 160,0 160,400 line 320,0 320,400 line 480,0 480,400'

# Gallery pictures (640x400).
picture alps-peaks.jpg 640 400 '#1d3b6f' '#a7c7e7' "$mountains" 'Alps: peaks at dawn'
picture alps-lake.jpg 640 400 '#0f4c5c' '#9ad1d4' "$hills" 'Alps: a quiet lake'
picture alps-hut.jpg 640 400 '#3e5641' '#d6e5c9' "$mountains" 'Alps: the mountain hut'
picture vienna-cafe.jpg 640 400 '#5b3a29' '#e6c9a8' "$cups" 'Café culture in Vienna'
picture vienna-opera.jpg 640 400 '#4a1942' '#e3b5a4' "$towers" 'Vienna by night'
picture lisbon-coast.webp 640 400 '#0b3d91' '#ffd166' "$waves" 'Lisbon coast' 70
picture sourdough.jpg 640 400 '#7f4f24' '#f2cc8f' "$loaf" 'Sourdough, step by step'
picture pastries.png 320 200 '#9c6644' '#fde2e4' 'ellipse 160,110 90,45 0,360 circle 60,60 60,80' 'Pastries'
picture mars-dunes.jpg 640 400 '#6a040f' '#f48c06' "$hills" 'Mars: dunes of Gale crater'
picture mars-sky.jpg 640 400 '#370617' '#e85d04' "$planet" 'Mars: a blue sunset'
picture moon-craters.webp 640 400 '#111111' '#8d99ae' "$planet" 'The Moon up close' 70
picture forest-trail.jpg 640 400 '#1b4332' '#95d5b2' "$leaves" 'Forest trail'
picture city-grid.png 320 200 '#22223b' '#9a8c98' 'line 0,50 320,50 line 0,100 320,100 line 0,150 320,150 line 80,0 80,200 line 160,0 160,200 line 240,0 240,200' 'City grid'
picture data-lab.jpg 640 400 '#03045e' '#48cae4' "$grid" 'In the data lab'

# Channel portraits (square) and banners (wide).
picture portrait-travel.jpg 256 256 '#1d3b6f' '#a7c7e7' 'circle 128,110 128,40' 'Travel'
picture portrait-food.jpg 256 256 '#7f4f24' '#f2cc8f' 'circle 128,110 128,40' 'Food'
picture portrait-space.jpg 256 256 '#370617' '#e85d04' 'circle 128,110 128,40' 'Space'
picture portrait-studio.png 128 128 '#22223b' '#c9ada7' 'circle 64,55 64,20' 'Studio'
picture banner-travel.jpg 1200 300 '#0f4c5c' '#ffd166' 'polygon 0,300 300,90 520,220 760,40 1000,230 1200,120 1200,300' 'Wanderlust'
picture banner-food.jpg 1200 300 '#5b3a29' '#fde2e4' 'circle 200,150 200,60 circle 600,150 600,80 circle 1000,150 1000,60' 'Kitchen notes'
picture banner-space.webp 1200 300 '#03071e' '#6a040f' 'circle 900,150 900,40 circle 300,80 300,84 circle 500,220 500,223' 'Deep space' 70

# Clips: 3 s, 320x180, silent. MP4 in H.264 with the index up front (faststart) so the browser can
# start and seek before the whole file arrives; WebM in VP9.
ffmpeg -loglevel error -y -f lavfi -i 'testsrc2=size=320x180:rate=24:duration=3' \
  -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 32 -movflags +faststart -an clip-test-pattern.mp4
ffmpeg -loglevel error -y -f lavfi -i 'mandelbrot=size=320x180:rate=24,trim=duration=3' \
  -c:v libvpx-vp9 -b:v 0 -crf 45 -deadline good -pix_fmt yuv420p -an clip-mandelbrot.webm
ffmpeg -loglevel error -y -f lavfi -i 'gradients=size=320x180:rate=24:duration=3:speed=0.05:c0=#0b3d91:c1=#ffd166:c2=#6a040f:nb_colors=3,format=yuv420p' \
  -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 30 -movflags +faststart -an clip-gradients.mp4

ls -l
du -ch -- *.jpg *.png *.webp *.mp4 *.webm | tail -1
